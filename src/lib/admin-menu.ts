import { ALWAYS_ALLOWED_ADMIN_PAGES } from './admin-pages.ts';

export interface AdminMenuItem {
  /** Unique key: the route for leaves, a section path for groups. */
  key: string;
  label: string;
  /** Route of a leaf; sections have none. */
  path?: string;
  /** Name of an @ant-design/icons component for top-level entries. */
  icon?: string;
  children?: AdminMenuItem[];
}

const leaf = (label: string, path: string, icon?: string): AdminMenuItem =>
  icon ? { key: path, label, path, icon } : { key: path, label, path };

/** The back-office sidebar (spec §2 admin routes, screens §8.1). */
export const ADMIN_MENU: readonly AdminMenuItem[] = [
  leaf('面板', '/admin/dashboard', 'DashboardOutlined'),
  {
    key: '/admin/document',
    label: '文档管理',
    icon: 'FileTextOutlined',
    children: [
      leaf('文档分类', '/admin/document/category'),
      leaf('文档列表', '/admin/document/list'),
      leaf('上传文档', '/admin/document/upload'),
      leaf('语言管理', '/admin/document/language'),
      leaf('搜索记录', '/admin/document/searchrecord'),
      leaf('回收站', '/admin/document/recycle'),
    ],
  },
  {
    key: '/admin/article',
    label: '文章管理',
    icon: 'ReadOutlined',
    children: [
      leaf('文章分类', '/admin/article/category'),
      leaf('文章列表', '/admin/article/list'),
      leaf('回收站', '/admin/article/recycle'),
    ],
  },
  {
    key: '/admin/user',
    label: '用户管理',
    icon: 'TeamOutlined',
    children: [
      leaf('用户管理', '/admin/user/list'),
      leaf('角色管理', '/admin/user/group'),
      leaf('权限管理', '/admin/user/permission'),
      leaf('处罚管理', '/admin/user/punishment'),
      leaf('会员管理', '/admin/user/vip'),
      leaf('短信管理', '/admin/user/sms'),
    ],
  },
  {
    key: '/admin/operation',
    label: '运营管理',
    icon: 'AppstoreOutlined',
    children: [
      leaf('举报管理', '/admin/report'),
      leaf('评论管理', '/admin/comment'),
      leaf('广告管理', '/admin/advertisement'),
      leaf('订单管理', '/admin/order'),
      leaf('意见反馈', '/admin/feedback'),
    ],
  },
  leaf('轮播图管理', '/admin/banner', 'PictureOutlined'),
  leaf('导航管理', '/admin/navigation', 'MenuOutlined'),
  leaf('友链管理', '/admin/friendlink', 'LinkOutlined'),
  leaf('附件管理', '/admin/attachment', 'PaperClipOutlined'),
  {
    key: '/admin/config',
    label: '系统设置',
    icon: 'SettingOutlined',
    children: [
      leaf('基础配置', '/admin/config/system'),
      leaf('展示配置', '/admin/config/display'),
      leaf('底链配置', '/admin/config/footer'),
      leaf('安全配置', '/admin/config/security'),
      leaf('转换配置', '/admin/config/converter'),
      leaf('下载配置', '/admin/config/download'),
      leaf('积分配置', '/admin/config/score'),
      leaf('邮箱配置', '/admin/config/email'),
      leaf('验证码配置', '/admin/config/captcha'),
      leaf('支付配置', '/admin/config/pay'),
      leaf('第三方登录', '/admin/config/oauth'),
      leaf('VIP配置', '/admin/config/vip'),
      leaf('短信配置', '/admin/config/sms'),
      leaf('备份', '/admin/config/backup'),
    ],
  },
];

/**
 * Keeps the items the user may open. The always-allowed pages (dashboard, navigation)
 * count as allowed because the menu is only shown to signed-in users; a section whose
 * children are all filtered out disappears.
 */
export function filterMenu(menu: readonly AdminMenuItem[], allowedPages: readonly string[]): AdminMenuItem[] {
  const allowed = new Set([...allowedPages, ...ALWAYS_ALLOWED_ADMIN_PAGES]);
  const out: AdminMenuItem[] = [];
  for (const item of menu) {
    if (item.children) {
      const children = filterMenu(item.children, allowedPages);
      if (children.length) out.push({ ...item, children });
    } else if (item.path && allowed.has(item.path)) {
      out.push({ ...item });
    }
  }
  return out;
}
