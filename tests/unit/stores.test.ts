import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBase, setUnauthorizedHandler } from '../../src/api/http.ts';
import { DEFAULT_SETTINGS, settingsWithDefaults } from '../../src/api/settings-defaults.ts';
import { boot, resetBoot } from '../../src/stores/boot.ts';
import { $categories, $categoryById, initCategories, loadCategories } from '../../src/stores/categories.ts';
import { $navigation, initNavigation, loadNavigation } from '../../src/stores/navigation.ts';
import { $allowedPages, $user, clearSession } from '../../src/stores/session.ts';
import { $settings, initSettings, loadSettings } from '../../src/stores/settings.ts';
import { setToken } from '../../src/stores/token.ts';
import { send, startApi } from './support/api-server.ts';
import type { TestApi } from './support/api-server.ts';

let api: TestApi;
let failing = false;
// When set, /category/list answers only after /user/permission arrived: proves categories never block the chain.
let gate: { promise: Promise<void>; open: () => void } | null = null;

beforeAll(async () => {
  api = await startApi(async (req, res) => {
    if (failing) return send(res, 500);
    switch (req.path) {
      case '/settings':
        return send(res, 200, {
          system: { sitename: '魔豆文库', recommend_words: ['a', 'b'] },
          security: { enable_register: true },
          language: [{ id: 1, code: 'zh-CN' }],
        });
      case '/navigation/list':
        return send(res, 200, {
          total: 3,
          navigation: [
            { id: 1, title: '首页', enable: true },
            { id: 2, title: '关', parent_id: 1 },
            { id: 3, title: '文章', enable: true, sort: 5 },
          ],
        });
      case '/category/list':
        await gate?.promise;
        return send(res, 200, {
          category: [
            { id: 1, title: '教育', enable: true },
            { id: 2, title: '小学', parent_id: 1, enable: true },
            { id: 3, title: '新闻', type: 1 },
          ],
        });
      case '/user':
        return send(res, 200, { id: 1, username: 'admin' });
      case '/user/permission':
        gate?.open();
        return send(res, 200, { permission: [{ id: 1, method: 'GRPC', path: '/api.v1.BannerAPI/ListBanner' }] });
      default:
        return send(res, 404, 'Not Found', 'text/plain');
    }
  });
  setApiBase(api.base);
  setUnauthorizedHandler(() => {});
});

afterAll(async () => {
  setUnauthorizedHandler(null);
  await api.close();
});

beforeEach(() => {
  failing = false;
  api.seen.length = 0;
  clearSession();
  resetBoot();
});

describe('settings', () => {
  it('fills every group and field, and coerces config-style strings', () => {
    expect(DEFAULT_SETTINGS.system.sitename).toBe('');
    expect(DEFAULT_SETTINGS.security.max_document_size).toBe(50);
    expect(DEFAULT_SETTINGS.oauth).toEqual({ wechat: false, qq: false, github: false, gitee: false });
    expect(DEFAULT_SETTINGS.sms).toEqual({ enable: false });
    expect(DEFAULT_SETTINGS.vip.enable).toBe(false);
    const s = settingsWithDefaults({
      security: { is_close: 'true', max_document_size: '0', document_allowed_ext: '.pdf,.docx' },
      display: { pages_per_read: '5' },
      oauth: { qq: true },
    });
    expect(s.security).toMatchObject({ is_close: true, max_document_size: 50, document_allowed_ext: ['.pdf', '.docx'] });
    expect(s.display.pages_per_read).toBe(5);
    expect(s.oauth).toEqual({ wechat: false, qq: true, github: false, gitee: false });
  });

  it('loads GET /settings, keeping the old value on failure', async () => {
    initSettings({ system: { ...DEFAULT_SETTINGS.system, sitename: '构建时' } });
    expect($settings.get().system.sitename).toBe('构建时');
    failing = true;
    expect(await loadSettings()).toBe(false);
    expect($settings.get().system.sitename).toBe('构建时');
    failing = false;
    expect(await loadSettings()).toBe(true);
    expect($settings.get().system).toMatchObject({ sitename: '魔豆文库', recommend_words: ['a', 'b'], logo: '' });
    expect($settings.get().language).toEqual([{ id: 1, code: 'zh-CN', language: '' }]);
  });
});

describe('navigation and categories', () => {
  it('loads page 1 size 10000 and keeps an enabled tree', async () => {
    initNavigation([]);
    await loadNavigation();
    expect(api.seen.at(-1)?.url).toBe('/api/v1/navigation/list?page=1&size=10000');
    expect($navigation.get().map((n) => [n.id, n.children.length])).toEqual([
      [3, 0],
      [1, 0],
    ]);
  });

  it('asks for the field list and both types with repeated keys', async () => {
    initCategories([]);
    await loadCategories();
    const q = api.seen.at(-1)?.query;
    expect(q?.getAll('field')).toEqual([
      'id',
      'parent_id',
      'title',
      'cover',
      'icon',
      'doc_count',
      'enable',
      'sort',
      'description',
      'show_description',
      'type',
    ]);
    expect(q?.getAll('type')).toEqual(['0', '1']);
    expect($categories.get().map((c) => c.id)).toEqual([1, 3]);
    expect($categoryById.get().get(2)?.title).toBe('小学');
  });
});

describe('boot', () => {
  it('loads settings → navigation → user → permissions, with categories in parallel, once', async () => {
    setToken('tok');
    let open = () => {};
    gate = { promise: new Promise<void>((r) => (open = r)), open: () => open() };
    await Promise.all([boot(), boot()]);
    gate = null;
    const order = api.seen.map((s) => s.path);
    expect(order[0]).toBe('/category/list');
    expect(order.filter((p) => p !== '/category/list')).toEqual(['/settings', '/navigation/list', '/user', '/user/permission']);
    expect($user.get()?.username).toBe('admin');
    expect($allowedPages.get()).toEqual(['/admin/banner']);
    await boot();
    expect(api.seen).toHaveLength(5);
  });

  it('skips the user step without a token', async () => {
    await boot();
    expect(api.seen.map((s) => s.path).sort()).toEqual(['/category/list', '/navigation/list', '/settings']);
  });
});
