/**
 * The one table of the back office's pages (spec §2 routes, screens §8.1 sidebar): each page's path, label,
 * icon, permission and screen. The pre-rendered shells and the island's router (every route), the sidebar
 * (lib/admin-menu.ts), the pages a permission list unlocks (lib/permissions.ts) and the screen shown for a
 * path (islands/admin/AdminContent.tsx) are all read from it.
 */

/**
 * The API services whose permissions the permission editor groups, in its order, with their Chinese
 * names (spec §3). `upload` gathers the upload routes (`POST /api/v1/upload/<kind>`).
 */
export const PERMISSION_SERVICES = {
  Document: '文档管理',
  Recycle: '文档回收站',
  SearchRecord: '搜索记录',
  Language: '语言管理',
  Category: '分类管理',
  User: '用户管理',
  UserVip: '会员管理',
  Order: '订单管理',
  Friendlink: '友链管理',
  Attachment: '附件管理',
  Report: '举报管理',
  Feedback: '意见反馈',
  Banner: '轮播图管理',
  Group: '角色管理',
  Permission: '权限管理',
  Config: '系统设置',
  Article: '文章管理',
  Comment: '评论管理',
  Punishment: '处罚管理',
  Advertisement: '广告管理',
  Backup: '备份管理',
  Sms: '短信管理',
  upload: '文件上传',
} as const;
export type PermissionService = keyof typeof PERMISSION_SERVICES;

/** The screens of the back office, by name; islands/admin/screens.ts loads each. */
export type AdminScreen =
  | 'Dashboard'
  | 'Navigation'
  | 'DocumentCategory'
  | 'DocumentList'
  | 'DocumentUpload'
  | 'LanguageList'
  | 'SearchRecordList'
  | 'DocumentRecycle'
  | 'ArticleCategory'
  | 'ArticleList'
  | 'ArticleSet'
  | 'ArticleRecycle'
  | 'UserList'
  | 'GroupList'
  | 'PermissionList'
  | 'PunishmentList'
  | 'UserVipList'
  | 'SmsList'
  | 'ReportList'
  | 'CommentList'
  | 'AdvertisementList'
  | 'OrderList'
  | 'FeedbackList'
  | 'BannerList'
  | 'FriendlinkList'
  | 'AttachmentList'
  | 'Config';

export interface AdminPage {
  /** The route (`/admin/user/list`); a section's own path leads to its first allowed child. */
  path: string;
  /** The menu entry and the section title (screens §4: "{title} - site"). */
  label: string;
  /** An @ant-design/icons name (islands/admin/components/menuIcons.ts); top-level entries only. */
  icon?: string;
  /**
   * Permission paths (`/api.v1.<Service>API/<Rpc>`, from the server's registry) any one of which opens the
   * page; none: every signed-in user may open it (spec §6). A section opens with any of its children.
   */
  permission?: readonly string[];
  /** What the page shows; a section has none. */
  screen?: AdminScreen;
  children?: readonly AdminPage[];
  /** Not in the sidebar (reached from another screen). */
  hidden?: boolean;
  /** A sidebar group only, without a route of its own. */
  menuOnly?: boolean;
}

/** A permission path of the server's registry (tests/server/admin-pages.test.ts holds each to it). */
const rpc = (service: PermissionService, name: string): string => `/api.v1.${service}API/${name}`;

const page = (path: string, label: string, screen: AdminScreen, ...permission: string[]): AdminPage =>
  permission.length ? { path, label, screen, permission } : { path, label, screen };

const section = (path: string, label: string, icon: string, children: readonly AdminPage[]): AdminPage => ({
  path,
  label,
  icon,
  children,
});

const CATEGORY = rpc('Category', 'ListCategory');
const DOCUMENT = rpc('Document', 'ListDocument');
const ARTICLE = rpc('Article', 'ListArticle');
const CONFIG = rpc('Config', 'ListConfig');

/** The tabs of /admin/config/<tab> (spec §2) and their labels. */
const CONFIG_TABS: ReadonlyArray<readonly [tab: string, label: string]> = [
  ['system', '基础配置'],
  ['display', '展示配置'],
  ['footer', '底链配置'],
  ['security', '安全配置'],
  ['converter', '转换配置'],
  ['download', '下载配置'],
  ['score', '积分配置'],
  ['email', '邮箱配置'],
  ['captcha', '验证码配置'],
  ['pay', '支付配置'],
  ['oauth', '第三方登录'],
  ['vip', 'VIP配置'],
  // not among the spec's tabs: SMS codes (issue 12) need a provider and limits somewhere
  ['sms', '短信配置'],
];

/** Every page of the back office, in sidebar order. */
export const ADMIN_PAGES: readonly AdminPage[] = [
  { ...page('/admin', '面板', 'Dashboard'), hidden: true },
  { ...page('/admin/dashboard', '面板', 'Dashboard'), icon: 'DashboardOutlined' },
  section('/admin/document', '文档管理', 'FileTextOutlined', [
    page('/admin/document/category', '文档分类', 'DocumentCategory', CATEGORY),
    page('/admin/document/list', '文档列表', 'DocumentList', DOCUMENT),
    page('/admin/document/upload', '上传文档', 'DocumentUpload', DOCUMENT),
    page('/admin/document/language', '语言管理', 'LanguageList', rpc('Language', 'ListLanguage')),
    page('/admin/document/searchrecord', '搜索记录', 'SearchRecordList', rpc('SearchRecord', 'ListSearchRecord')),
    page('/admin/document/recycle', '回收站', 'DocumentRecycle', rpc('Recycle', 'ListRecycleDocument')),
  ]),
  section('/admin/article', '文章管理', 'ReadOutlined', [
    page('/admin/article/category', '文章分类', 'ArticleCategory', CATEGORY),
    page('/admin/article/list', '文章列表', 'ArticleList', ARTICLE),
    { ...page('/admin/article/set', '发布文章', 'ArticleSet', ARTICLE), hidden: true },
    page('/admin/article/recycle', '回收站', 'ArticleRecycle', ARTICLE),
  ]),
  section('/admin/user', '用户管理', 'TeamOutlined', [
    page('/admin/user/list', '用户管理', 'UserList', rpc('User', 'ListUser')),
    page('/admin/user/group', '角色管理', 'GroupList', rpc('Group', 'ListGroup')),
    page('/admin/user/permission', '权限管理', 'PermissionList', rpc('Permission', 'ListPermission')),
    page('/admin/user/punishment', '处罚管理', 'PunishmentList', rpc('Punishment', 'ListPunishment')),
    page('/admin/user/vip', '会员管理', 'UserVipList', rpc('UserVip', 'ListUserVip')),
    page('/admin/user/sms', '短信管理', 'SmsList', rpc('Sms', 'ListSms')),
  ]),
  {
    ...section('/admin/operation', '运营管理', 'AppstoreOutlined', [
      page('/admin/report', '举报管理', 'ReportList', rpc('Report', 'ListReport')),
      page('/admin/comment', '评论管理', 'CommentList', rpc('Comment', 'ListComment')),
      page('/admin/advertisement', '广告管理', 'AdvertisementList', rpc('Advertisement', 'ListAdvertisement')),
      page('/admin/order', '订单管理', 'OrderList', rpc('Order', 'ListOrder')),
      page('/admin/feedback', '意见反馈', 'FeedbackList', rpc('Feedback', 'ListFeedback')),
    ]),
    menuOnly: true,
  },
  { ...page('/admin/banner', '轮播图管理', 'BannerList', rpc('Banner', 'ListBanner')), icon: 'PictureOutlined' },
  { ...page('/admin/navigation', '导航管理', 'Navigation'), icon: 'MenuOutlined' },
  { ...page('/admin/friendlink', '友链管理', 'FriendlinkList', rpc('Friendlink', 'ListFriendlink')), icon: 'LinkOutlined' },
  { ...page('/admin/attachment', '附件管理', 'AttachmentList', rpc('Attachment', 'ListAttachment')), icon: 'PaperClipOutlined' },
  section('/admin/config', '系统设置', 'SettingOutlined', [
    ...CONFIG_TABS.map(([tab, label]) => page(`/admin/config/${tab}`, label, 'Config', CONFIG)),
    // issue 26: scheduled backups, as Discourse has them under its settings
    page('/admin/config/backup', '备份', 'Config', CONFIG, rpc('Backup', 'ListBackup')),
  ]),
];

// the derived tables below are marked pure: public pages (the session store) need only the table itself
function flatten(pages: readonly AdminPage[]): AdminPage[] {
  return pages.flatMap((p) => [p, ...flatten(p.children ?? [])]);
}

/** Every page that has a route, parents before their children. */
export const ADMIN_ROUTES: readonly AdminPage[] = /* @__PURE__ */ (() => flatten(ADMIN_PAGES).filter((p) => !p.menuOnly))();

const BY_PATH = /* @__PURE__ */ (() => new Map(flatten(ADMIN_PAGES).map((p) => [p.path, p])))();

/** The page of an admin path, if it has one. */
export const adminPage = (path: string): AdminPage | undefined => BY_PATH.get(path);

/** Section title of an admin path ('管理后台' when unknown). */
export const adminTitle = (path: string): string => BY_PATH.get(path)?.label ?? '管理后台';

/** Every permission path the table names (held to the server's registry by a test). */
export const PAGE_PERMISSIONS: readonly string[] = /* @__PURE__ */ (() => [
  ...new Set(flatten(ADMIN_PAGES).flatMap((p) => p.permission ?? [])),
])();

/**
 * Admin pages any signed-in user may open (spec §2/§6: /admin, the dashboard and the navigation page
 * need no permission). They are added when checking a route but never count towards "is admin",
 * otherwise every member would be an admin.
 */
export const ALWAYS_ALLOWED_ADMIN_PAGES: readonly string[] = /* @__PURE__ */ (() =>
  ADMIN_ROUTES.filter((p) => !p.children && !p.permission).map((p) => p.path))();

/** Drops query, hash and trailing slashes: `/admin/user/` → `/admin/user`. */
export function normalizePath(path: string): string {
  let p = path.split(/[?#]/)[0] ?? '';
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p || '/';
}

/** Whether a signed-in user with these permission-derived pages may open `path`. */
export function isAdminPageAllowed(path: string, allowedPages: readonly string[]): boolean {
  const p = normalizePath(path);
  return ALWAYS_ALLOWED_ADMIN_PAGES.includes(p) || allowedPages.includes(p);
}
