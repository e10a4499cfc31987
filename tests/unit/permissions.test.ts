import { describe, expect, it } from 'vitest';
import * as MENU_ICONS from '../../src/islands/admin/components/menuIcons.ts';
import { ADMIN_MENU, filterMenu } from '../../src/lib/admin-menu.ts';
import {
  ADMIN_PAGES,
  ADMIN_ROUTES,
  ALWAYS_ALLOWED_ADMIN_PAGES,
  PAGE_PERMISSIONS,
  PERMISSION_SERVICES,
  adminTitle,
} from '../../src/lib/admin-pages.ts';
import type { AdminPage } from '../../src/lib/admin-pages.ts';
import { isAdminPages } from '../../src/lib/guards.ts';
import { allowedPagesFrom, groupPermissions, permissionGroupKey } from '../../src/lib/permissions.ts';

const grpc = (path: string, id = 1) => ({ id, method: 'GRPC', path, title: path });

describe('permissionGroupKey', () => {
  it('groups GRPC permissions by service without the api.v1. prefix and API suffix', () => {
    expect(permissionGroupKey(grpc('/api.v1.UserAPI/ListUser'))).toBe('User');
    expect(permissionGroupKey(grpc('/api.v1.SearchRecordAPI/DeleteSearchRecord'))).toBe('SearchRecord');
    expect(permissionGroupKey(grpc('/api.v1.UserVipAPI/ListUserVip'))).toBe('UserVip');
  });

  it('groups other methods by the fourth path segment', () => {
    expect(permissionGroupKey({ method: 'POST', path: '/api/v1/upload/banner' })).toBe('upload');
    expect(permissionGroupKey({ method: 'GET', path: '/api/v1/document/list' })).toBe('document');
  });
});

describe('groupPermissions', () => {
  it('orders known groups by the table, then unknown ones, with Chinese labels', () => {
    const list = [
      { id: 9, method: 'POST', path: '/api/v1/upload/config', title: '上传配置图片' },
      grpc('/api.v1.UserAPI/DeleteUser', 2),
      grpc('/api.v1.DocumentAPI/ListDocument', 3),
      grpc('/api.v1.MysteryAPI/Thing', 4),
      grpc('/api.v1.UserAPI/ListUser', 5),
    ];
    const groups = groupPermissions(list);
    expect(groups.map((g) => [g.key, g.label, g.permissions.map((p) => p.id)])).toEqual([
      ['Document', '文档管理', [3]],
      ['User', '用户管理', [2, 5]],
      ['upload', '文件上传', [9]],
      ['Mystery', 'Mystery', [4]],
    ]);
  });
});

describe('allowedPagesFrom', () => {
  it('unlocks a group only through its list permission', () => {
    expect(allowedPagesFrom([grpc('/api.v1.UserAPI/DeleteUser'), grpc('/api.v1.DocumentAPI/UpdateDocument')])).toEqual([]);
    expect(allowedPagesFrom([grpc('/api.v1.UserAPI/ListUser')])).toEqual(['/admin/user', '/admin/user/list']);
  });

  it('merges pages of several groups without duplicates', () => {
    const pages = allowedPagesFrom([
      grpc('/api.v1.UserAPI/ListUser'),
      grpc('/api.v1.GroupAPI/ListGroup'),
      grpc('/api.v1.CategoryAPI/ListCategory'),
    ]);
    expect(pages).toEqual([
      '/admin/document',
      '/admin/document/category',
      '/admin/article',
      '/admin/article/category',
      '/admin/user',
      '/admin/user/list',
      '/admin/user/group',
    ]);
  });

  it('unlocks every config tab with ListConfig', () => {
    const pages = allowedPagesFrom([grpc('/api.v1.ConfigAPI/ListConfig')]);
    expect(pages).toContain('/admin/config');
    expect(pages).toContain('/admin/config/system');
    expect(pages).toContain('/admin/config/vip');
    expect(pages).toContain('/admin/config/score');
    expect(pages).toContain('/admin/config/backup');
    expect(pages).toHaveLength(15);
  });

  it('never unlocks anything through upload permissions', () => {
    expect(allowedPagesFrom([{ method: 'POST', path: '/api/v1/upload/banner' }])).toEqual([]);
  });

  it('opens the backup tab with either the settings or the backup list permission', () => {
    expect(allowedPagesFrom([grpc('/api.v1.BackupAPI/ListBackup')])).toEqual(['/admin/config', '/admin/config/backup']);
  });

  it('covers every spec group', () => {
    expect(Object.keys(PERMISSION_SERVICES)).toEqual([
      'Document',
      'Recycle',
      'SearchRecord',
      'Language',
      'Category',
      'User',
      'UserVip',
      'Order',
      'Friendlink',
      'Attachment',
      'Report',
      'Feedback',
      'Banner',
      'Group',
      'Permission',
      'Config',
      'Article',
      'Comment',
      'Punishment',
      'Advertisement',
      'Backup',
      'Sms',
      'upload',
    ]);
  });
});

describe('isAdminPages', () => {
  it('is true only with a permission-derived /admin page', () => {
    expect(isAdminPages([])).toBe(false);
    expect(isAdminPages(allowedPagesFrom([grpc('/api.v1.UserAPI/DeleteUser')]))).toBe(false);
    expect(isAdminPages(allowedPagesFrom([grpc('/api.v1.BannerAPI/ListBanner')]))).toBe(true);
    expect(ALWAYS_ALLOWED_ADMIN_PAGES).toEqual(['/admin', '/admin/dashboard', '/admin/navigation']);
  });
});

describe('filterMenu', () => {
  const labels = (menu: readonly AdminPage[]) =>
    menu.map((m) => (m.children ? `${m.label}(${m.children.map((c) => c.label).join(',')})` : m.label));

  it('shows only the always-allowed pages to a member without permissions', () => {
    expect(labels(filterMenu(ADMIN_MENU, []))).toEqual(['面板', '导航管理']);
  });

  it('keeps allowed children and drops empty sections', () => {
    const pages = allowedPagesFrom([grpc('/api.v1.UserAPI/ListUser'), grpc('/api.v1.CommentAPI/ListComment')]);
    expect(labels(filterMenu(ADMIN_MENU, pages))).toEqual(['面板', '用户管理(用户管理)', '运营管理(评论管理)', '导航管理']);
  });

  it('shows the whole menu to a holder of every list permission', () => {
    const all = PAGE_PERMISSIONS.map((p) => grpc(p));
    const menu = filterMenu(ADMIN_MENU, allowedPagesFrom(all));
    expect(menu).toEqual(ADMIN_MENU);
    const config = menu.find((m) => m.path === '/admin/config');
    expect(config?.children?.map((c) => c.label)).toEqual([
      '基础配置',
      '展示配置',
      '底链配置',
      '安全配置',
      '转换配置',
      '下载配置',
      '积分配置',
      '邮箱配置',
      '验证码配置',
      '支付配置',
      '第三方登录',
      'VIP配置',
      '短信配置',
      '备份',
    ]);
  });
});

describe('the admin page table', () => {
  it('routes /admin, every section and page, but not the sidebar-only group', () => {
    const paths = ADMIN_ROUTES.map((p) => p.path);
    expect(paths).toContain('/admin');
    expect(paths).toContain('/admin/user');
    expect(paths).toContain('/admin/article/set');
    expect(paths).toContain('/admin/config/backup');
    expect(paths).not.toContain('/admin/operation');
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(45); // spec §2: /admin, 30 pages and sections, 14 settings tabs
  });

  it('gives each routed page a screen, or children to lead to', () => {
    for (const p of ADMIN_ROUTES) expect(Boolean(p.screen) !== Boolean(p.children), p.path).toBe(true);
  });

  it('titles pages by their label, the hidden ones too', () => {
    expect(adminTitle('/admin')).toBe('面板');
    expect(adminTitle('/admin/article/set')).toBe('发布文章');
    expect(adminTitle('/admin/config/pay')).toBe('支付配置');
    expect(adminTitle('/admin/nothing')).toBe('管理后台');
  });

  it('names only icons the sidebar can draw, on top-level entries', () => {
    for (const p of ADMIN_PAGES) if (p.icon) expect(MENU_ICONS, p.path).toHaveProperty(p.icon);
    expect(ADMIN_MENU.every((p) => p.icon)).toBe(true);
    expect(ADMIN_ROUTES.filter((p) => p.icon && !ADMIN_PAGES.includes(p))).toEqual([]);
  });

  it('hides the pages reached from other screens from the sidebar', () => {
    expect(ADMIN_MENU.map((p) => p.path)).not.toContain('/admin');
    const article = ADMIN_MENU.find((p) => p.path === '/admin/article');
    expect(article?.children?.map((c) => c.label)).toEqual(['文章分类', '文章列表', '回收站']);
  });
});
