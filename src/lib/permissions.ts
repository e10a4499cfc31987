import type { Permission } from '../api/types.ts';
import { CONFIG_TABS } from './admin-pages.ts';

export { ALWAYS_ALLOWED_ADMIN_PAGES, CONFIG_TABS, isAdminPageAllowed, normalizePath } from './admin-pages.ts';
export { ADMIN_MENU, filterMenu } from './admin-menu.ts';
export type { AdminMenuItem } from './admin-menu.ts';

export interface PermissionGroupDef {
  /** Chinese label shown in the permission editor. */
  label: string;
  /** RPC whose permission unlocks the pages; '' = unlocks nothing. */
  listMethod: string;
  pages: readonly string[];
}

/** Permission groups by API service (spec §3), with the admin pages each unlocks. */
export const PERMISSION_GROUPS: Readonly<Record<string, PermissionGroupDef>> = {
  Document: {
    label: '文档管理',
    listMethod: 'ListDocument',
    pages: ['/admin/document', '/admin/document/list', '/admin/document/upload'],
  },
  Recycle: { label: '文档回收站', listMethod: 'ListRecycleDocument', pages: ['/admin/document', '/admin/document/recycle'] },
  SearchRecord: { label: '搜索记录', listMethod: 'ListSearchRecord', pages: ['/admin/document', '/admin/document/searchrecord'] },
  Language: { label: '语言管理', listMethod: 'ListLanguage', pages: ['/admin/document', '/admin/document/language'] },
  Category: {
    label: '分类管理',
    listMethod: 'ListCategory',
    pages: ['/admin/document', '/admin/document/category', '/admin/article', '/admin/article/category'],
  },
  User: { label: '用户管理', listMethod: 'ListUser', pages: ['/admin/user', '/admin/user/list'] },
  UserVip: { label: '会员管理', listMethod: 'ListUserVip', pages: ['/admin/user', '/admin/user/vip'] },
  Order: { label: '订单管理', listMethod: 'ListOrder', pages: ['/admin/order'] },
  Friendlink: { label: '友链管理', listMethod: 'ListFriendlink', pages: ['/admin/friendlink'] },
  Attachment: { label: '附件管理', listMethod: 'ListAttachment', pages: ['/admin/attachment'] },
  Report: { label: '举报管理', listMethod: 'ListReport', pages: ['/admin/report'] },
  Feedback: { label: '意见反馈', listMethod: 'ListFeedback', pages: ['/admin/feedback'] },
  Banner: { label: '轮播图管理', listMethod: 'ListBanner', pages: ['/admin/banner'] },
  Group: { label: '角色管理', listMethod: 'ListGroup', pages: ['/admin/user', '/admin/user/group'] },
  Permission: { label: '权限管理', listMethod: 'ListPermission', pages: ['/admin/user', '/admin/user/permission'] },
  Config: {
    label: '系统设置',
    listMethod: 'ListConfig',
    pages: ['/admin/config', ...CONFIG_TABS.map((t) => `/admin/config/${t}`)],
  },
  Article: {
    label: '文章管理',
    listMethod: 'ListArticle',
    pages: ['/admin/article', '/admin/article/list', '/admin/article/set', '/admin/article/recycle'],
  },
  Comment: { label: '评论管理', listMethod: 'ListComment', pages: ['/admin/comment'] },
  Punishment: { label: '处罚管理', listMethod: 'ListPunishment', pages: ['/admin/user', '/admin/user/punishment'] },
  Advertisement: { label: '广告管理', listMethod: 'ListAdvertisement', pages: ['/admin/advertisement'] },
  Backup: { label: '备份管理', listMethod: 'ListBackup', pages: ['/admin/config', '/admin/config/backup'] },
  Sms: { label: '短信管理', listMethod: 'ListSms', pages: ['/admin/user', '/admin/user/sms'] },
  upload: { label: '文件上传', listMethod: '', pages: [] },
};

type PermissionLike = Pick<Partial<Permission>, 'path' | 'method'>;

/**
 * Group key of a permission. GRPC paths are `/api.v1.UserAPI/ListUser` → `User`;
 * any other path is grouped by its fourth segment: `/api/v1/upload/banner` → `upload`.
 */
export function permissionGroupKey(p: PermissionLike): string {
  const path = p.path ?? '';
  if (p.method === 'GRPC') {
    const service = path.split('/')[1] ?? '';
    return service.replace(/^api\.v1\./, '').replace(/API$/, '');
  }
  return path.split('/')[3] ?? '';
}

/** The permission path that unlocks a group's pages, e.g. `/api.v1.UserAPI/ListUser`. */
export function listPermissionPath(key: string): string {
  const def = PERMISSION_GROUPS[key];
  return def?.listMethod ? `/api.v1.${key}API/${def.listMethod}` : '';
}

export interface PermissionGroup<P extends PermissionLike = Permission> {
  key: string;
  label: string;
  permissions: P[];
}

/** The module a permission belongs to, in Chinese (文档管理…), for the permission screens. */
export const permissionModule = (p: PermissionLike): string => {
  const key = permissionGroupKey(p);
  return PERMISSION_GROUPS[key]?.label ?? key;
};

/** Permissions grouped for the permission editor: known groups in table order, then unknown ones. */
export function groupPermissions<P extends PermissionLike>(list: readonly P[]): PermissionGroup<P>[] {
  const byKey = new Map<string, P[]>();
  for (const p of list) {
    const key = permissionGroupKey(p);
    const bucket = byKey.get(key);
    if (bucket) bucket.push(p);
    else byKey.set(key, [p]);
  }
  const known = Object.keys(PERMISSION_GROUPS).filter((k) => byKey.has(k));
  const unknown = [...byKey.keys()].filter((k) => !(k in PERMISSION_GROUPS));
  return [...known, ...unknown].map((key) => ({
    key,
    label: PERMISSION_GROUPS[key]?.label ?? key,
    permissions: byKey.get(key) ?? [],
  }));
}

/** Admin pages unlocked by a permission list: a group counts only if its list permission is held. */
export function allowedPagesFrom(list: readonly PermissionLike[]): string[] {
  const held = new Set(list.map((p) => p.path ?? ''));
  const pages = new Set<string>();
  for (const [key, def] of Object.entries(PERMISSION_GROUPS)) {
    const listPath = listPermissionPath(key);
    if (listPath && held.has(listPath)) for (const page of def.pages) pages.add(page);
  }
  return [...pages];
}

/** Admin = at least one permission-derived page under /admin (spec §6). */
export function isAdminPages(pages: readonly string[]): boolean {
  return pages.some((p) => p.startsWith('/admin'));
}
