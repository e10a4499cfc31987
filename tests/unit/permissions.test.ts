import { describe, expect, it } from 'vitest';
import {
  ADMIN_MENU,
  ALWAYS_ALLOWED_ADMIN_PAGES,
  PERMISSION_GROUPS,
  allowedPagesFrom,
  filterMenu,
  groupPermissions,
  isAdminPages,
  listPermissionPath,
  permissionGroupKey,
} from '../../src/lib/permissions.ts';
import type { AdminMenuItem } from '../../src/lib/permissions.ts';

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
    expect(listPermissionPath('upload')).toBe('');
    expect(listPermissionPath('Article')).toBe('/api.v1.ArticleAPI/ListArticle');
  });

  it('covers every spec group', () => {
    expect(Object.keys(PERMISSION_GROUPS)).toEqual([
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
  const labels = (menu: AdminMenuItem[]) =>
    menu.map((m) => (m.children ? `${m.label}(${m.children.map((c) => c.label).join(',')})` : m.label));

  it('shows only the always-allowed pages to a member without permissions', () => {
    expect(labels(filterMenu(ADMIN_MENU, []))).toEqual(['面板', '导航管理']);
  });

  it('keeps allowed children and drops empty sections', () => {
    const pages = allowedPagesFrom([grpc('/api.v1.UserAPI/ListUser'), grpc('/api.v1.CommentAPI/ListComment')]);
    expect(labels(filterMenu(ADMIN_MENU, pages))).toEqual(['面板', '用户管理(用户管理)', '运营管理(评论管理)', '导航管理']);
  });

  it('shows the whole menu to a holder of every list permission', () => {
    const all = Object.keys(PERMISSION_GROUPS)
      .map((k) => grpc(listPermissionPath(k)))
      .filter((p) => p.path);
    const menu = filterMenu(ADMIN_MENU, allowedPagesFrom(all));
    expect(menu).toEqual(ADMIN_MENU);
    const config = menu.find((m) => m.key === '/admin/config');
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
