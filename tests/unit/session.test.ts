import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase, setUnauthorizedHandler } from '../../src/api/http.ts';
import { setNavigateHandler } from '../../src/lib/navigate.ts';
import {
  $allowedPages,
  $isAdmin,
  $permissions,
  $user,
  clearSession,
  loginWith,
  logout,
  refreshPermissions,
  refreshUser,
  registerWith,
  saveProfile,
} from '../../src/stores/session.ts';
import { $token, setToken } from '../../src/stores/token.ts';
import { send, startApi } from './support/api-server.ts';
import type { TestApi } from './support/api-server.ts';

const PERMISSIONS = [
  { id: 1, method: 'GRPC', path: '/api.v1.UserAPI/ListUser', title: '查看用户列表' },
  { id: 2, method: 'GRPC', path: '/api.v1.DocumentAPI/UpdateDocument', title: '更新文档' },
  { id: 3, method: 'POST', path: '/api/v1/upload/banner', title: '上传轮播图' },
];

let api: TestApi;
let mode = 'ok';

beforeAll(async () => {
  useTestStorageEngine();
  api = await startApi((req, res) => {
    const signed = req.headers.authorization === 'Bearer tok';
    if (mode === 'down') return send(res, 503);
    switch (`${req.method} ${req.path}`) {
      case 'POST /user/login': {
        const body = JSON.parse(req.body) as { password: string };
        if (body.password !== 'secret') return send(res, 400, { code: 3, message: '用户名或密码错误' });
        return send(res, 200, { token: 'tok', user: { id: 2, username: 'bob', email: 'b@x.cn' } });
      }
      case 'POST /user/register':
        return send(res, 409, { code: 6, message: '用户名已存在' });
      case 'GET /user/permission':
        return signed && mode !== 'noperm' ? send(res, 200, { permission: PERMISSIONS }) : send(res, 500);
      case 'GET /user':
        return signed ? send(res, 200, { id: 2, username: 'bob2' }) : send(res, 401, { code: 16, message: '请登录' });
      case 'PUT /user/profile':
        return mode === 'badprofile' ? send(res, 500) : send(res, 200, {});
      case 'DELETE /user/logout':
        return send(res, 200, {});
      default:
        return send(res, 404, 'Not Found', 'text/plain');
    }
  });
  setApiBase(api.base);
});

afterAll(() => api.close());

beforeEach(() => {
  mode = 'ok';
  clearSession();
  cleanTestStorage();
  setUnauthorizedHandler(() => {});
});

afterEach(() => {
  setNavigateHandler(null);
  setUnauthorizedHandler(null);
  vi.unstubAllGlobals();
});

describe('login', () => {
  it('saves user and token, then fetches permissions and derives admin pages', async () => {
    const r = await loginWith({ username: 'bob', password: 'secret' });
    expect(r).toEqual({ ok: true, message: '登录成功' });
    expect($token.get()).toBe('tok');
    expect($user.get()).toMatchObject({ id: 2, username: 'bob', email: 'b@x.cn', doc_count: 0, avatar: '' });
    expect($permissions.get()).toHaveLength(3);
    expect($allowedPages.get()).toEqual(['/admin/user', '/admin/user/list']);
    expect($isAdmin.get()).toBe(true);
    const order = api.seen.slice(-2).map((s) => `${s.method} ${s.path}`);
    expect(order).toEqual(['POST /user/login', 'GET /user/permission']);
    expect(api.seen.at(-1)?.headers.authorization).toBe('Bearer tok');
  });

  it('persists the session in local storage', async () => {
    await loginWith({ username: 'bob', password: 'secret' });
    const stored = getTestStorage();
    expect(stored['wenku:token']).toBe('tok');
    expect(JSON.parse(stored['wenku:user'] ?? 'null')).toMatchObject({ id: 2, username: 'bob' });
    expect(JSON.parse(stored['wenku:allowed-pages'] ?? '[]')).toEqual(['/admin/user', '/admin/user/list']);
    expect(JSON.parse(stored['wenku:permissions'] ?? '[]')).toHaveLength(3);
  });

  it('mirrors the token into the `token` cookie and clears it on logout', async () => {
    const doc = { cookie: '' };
    vi.stubGlobal('document', doc);
    setNavigateHandler(() => {});
    await loginWith({ username: 'bob', password: 'secret' });
    expect(doc.cookie).toBe('token=tok; path=/; max-age=2592000; SameSite=Lax');
    await logout();
    expect(doc.cookie).toBe('token=; path=/; max-age=0; SameSite=Lax');
  });

  it("prefers the server's message, else 登录失败", async () => {
    expect(await loginWith({ username: 'bob', password: 'bad' })).toEqual({ ok: false, message: '用户名或密码错误' });
    expect($token.get()).toBe('');
    mode = 'down';
    expect(await loginWith({ username: 'bob', password: 'secret' })).toEqual({ ok: false, message: '登录失败' });
  });

  it('stays signed in when permissions fail, reporting 获取权限失败', async () => {
    mode = 'noperm';
    expect(await loginWith({ username: 'bob', password: 'secret' })).toEqual({ ok: true, message: '登录成功' });
    expect($allowedPages.get()).toEqual([]);
    expect($isAdmin.get()).toBe(false);
    expect(await refreshPermissions()).toEqual({ ok: false, message: '获取权限失败' });
  });
});

describe('register', () => {
  it("prefers the server's message, else 注册失败", async () => {
    expect(await registerWith({ username: 'bob', password: 'secret', email: 'b@x.cn' })).toEqual({
      ok: false,
      message: '用户名已存在',
    });
    mode = 'down';
    expect(await registerWith({ username: 'bob', password: 'secret', email: 'b@x.cn' })).toEqual({
      ok: false,
      message: '注册失败',
    });
  });
});

describe('logout', () => {
  it('calls the server with the token, clears everything and goes home', async () => {
    const go = vi.fn();
    setNavigateHandler(go);
    await loginWith({ username: 'bob', password: 'secret' });
    await logout();
    const call = api.seen.at(-1);
    expect(`${call?.method} ${call?.path}`).toBe('DELETE /user/logout');
    expect(call?.headers.authorization).toBe('Bearer tok');
    expect([$token.get(), $user.get(), $permissions.get(), $allowedPages.get()]).toEqual(['', null, [], []]);
    expect(go).toHaveBeenCalledWith('/');
    expect(getTestStorage()).toEqual({});
  });
});

describe('refreshUser', () => {
  it('replaces the user on 200', async () => {
    await loginWith({ username: 'bob', password: 'secret' });
    expect(await refreshUser()).toEqual({ ok: true, message: '' });
    expect($user.get()?.username).toBe('bob2');
  });

  it('clears user, token, permissions and allowed pages on any non-200', async () => {
    await loginWith({ username: 'bob', password: 'secret' });
    setToken('stale');
    const r = await refreshUser();
    expect(r.ok).toBe(false);
    expect([$token.get(), $user.get(), $permissions.get(), $allowedPages.get()]).toEqual(['', null, [], []]);
  });

  it('does not call the server without a token', async () => {
    const before = api.seen.length;
    expect((await refreshUser()).ok).toBe(false);
    expect(api.seen.length).toBe(before);
  });
});

describe('saveProfile', () => {
  it('merges the sent fields into the local user on success', async () => {
    await loginWith({ username: 'bob', password: 'secret' });
    expect(await saveProfile({ signature: '你好', mobile: '13800000000' })).toEqual({ ok: true, message: '修改成功' });
    expect($user.get()).toMatchObject({ username: 'bob', signature: '你好', mobile: '13800000000' });
    expect(JSON.parse(api.seen.at(-1)?.body ?? '{}')).toEqual({ signature: '你好', mobile: '13800000000' });
  });

  it('answers 修改失败 without a server message and leaves the user unchanged', async () => {
    await loginWith({ username: 'bob', password: 'secret' });
    mode = 'badprofile';
    expect(await saveProfile({ signature: 'x' })).toEqual({ ok: false, message: '修改失败' });
    expect($user.get()?.signature).toBe('');
  });
});
