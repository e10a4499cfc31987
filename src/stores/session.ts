/**
 * Signed-in state (spec §3, §4): user, token, permissions and the admin pages they unlock,
 * all persisted in the browser. Every action answers `{ok, message}` with the spec's
 * fallback messages, preferring the server's own message.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { normalizePermission, normalizeUser } from '../api/defaults.ts';
import { isOk, messageOf } from '../api/http.ts';
import type { Permission, User } from '../api/types.ts';
import { getPermissions, getUser, login, logout as apiLogout, register, updateProfile } from '../api/user.ts';
import type { LoginBody, ProfileBody, RegisterBody } from '../api/user.ts';
import { navigateTo } from '../lib/navigate.ts';
import { isAdminPages } from '../lib/guards.ts';
import { $token, clearToken, setToken } from './token.ts';

export interface SessionResult {
  ok: boolean;
  message: string;
}

export const SESSION_MESSAGES = {
  loginFailed: '登录失败',
  registerFailed: '注册失败',
  permissionsFailed: '获取权限失败',
  profileFailed: '修改失败',
  userFailed: '获取用户信息失败',
  loggedIn: '登录成功',
  registered: '注册成功',
  loggedOut: '已退出登录',
  profileSaved: '修改成功',
} as const;

/** JSON in localStorage; empty values remove the key; unreadable data falls back to `empty`. */
function jsonCodec<T>(empty: T, normalize: (v: unknown) => T) {
  return {
    encode: (v: T): string | undefined => (v === null || (Array.isArray(v) && v.length === 0) ? undefined : JSON.stringify(v)),
    decode: (s: string): T => {
      try {
        return normalize(JSON.parse(s));
      } catch {
        return empty;
      }
    },
  };
}

const asList =
  <T>(item: (v: unknown) => T) =>
  (v: unknown): T[] =>
    Array.isArray(v) ? v.map(item) : [];

export const $user = persistentAtom<User | null>(
  'wenku:user',
  null,
  jsonCodec<User | null>(null, (v) => (v && typeof v === 'object' ? normalizeUser(v) : null)),
);
export const $permissions = persistentAtom<Permission[]>('wenku:permissions', [], jsonCodec([], asList(normalizePermission)));
/** Pages derived from permissions only — never the always-allowed ones (see lib/admin-pages.ts). */
export const $allowedPages = persistentAtom<string[]>('wenku:allowed-pages', [], jsonCodec([], asList(String)));

export const $isAdmin = computed($allowedPages, (pages) => isAdminPages(pages));
export const $isLoggedIn = computed([$token, $user], (token, user) => Boolean(token && user));

/** Forgets user, token, permissions and allowed pages. */
export function clearSession(): void {
  $user.set(null);
  clearToken();
  $permissions.set([]);
  $allowedPages.set([]);
}

export async function refreshPermissions(): Promise<SessionResult> {
  const r = await getPermissions();
  if (!isOk(r)) return { ok: false, message: messageOf(r, SESSION_MESSAGES.permissionsFailed) };
  // the admin page table loads with the answer: public pages' first load carries none of it
  const { allowedPagesFrom } = await import('../lib/permissions.ts');
  $permissions.set(r.data.permission);
  $allowedPages.set(allowedPagesFrom(r.data.permission));
  return { ok: true, message: '' };
}

async function signIn(r: Awaited<ReturnType<typeof login>>, failed: string, done: string): Promise<SessionResult> {
  if (!isOk(r) || !r.data.token) return { ok: false, message: isOk(r) ? failed : messageOf(r, failed) };
  setToken(r.data.token);
  $user.set(r.data.user);
  // Signed in even if this fails; the admin menu just stays empty until the next refresh.
  await refreshPermissions();
  return { ok: true, message: done };
}

/** Adopts the answer of any sign-in call (SMS, third-party): `{token, user}` or its failure. */
export async function signInWith(r: Awaited<ReturnType<typeof login>>): Promise<SessionResult> {
  return signIn(r, SESSION_MESSAGES.loginFailed, SESSION_MESSAGES.loggedIn);
}

export async function loginWith(body: LoginBody): Promise<SessionResult> {
  return signIn(await login(body), SESSION_MESSAGES.loginFailed, SESSION_MESSAGES.loggedIn);
}

export async function registerWith(body: RegisterBody): Promise<SessionResult> {
  return signIn(await register(body), SESSION_MESSAGES.registerFailed, SESSION_MESSAGES.registered);
}

/** Tells the server (so the token is revoked), clears everything locally and goes home. */
export async function logout(): Promise<SessionResult> {
  if ($token.get()) await apiLogout();
  clearSession();
  navigateTo('/');
  return { ok: true, message: SESSION_MESSAGES.loggedOut };
}

/** Re-reads the signed-in user; any non-200 answer ends the session (spec §4). */
export async function refreshUser(): Promise<SessionResult> {
  if (!$token.get()) {
    // Nothing to refresh; anonymous GET /user would only answer 400.
    clearSession();
    return { ok: false, message: '' };
  }
  const r = await getUser();
  if (!isOk(r)) {
    clearSession();
    return { ok: false, message: messageOf(r, SESSION_MESSAGES.userFailed) };
  }
  $user.set(r.data);
  return { ok: true, message: '' };
}

/** PUT /user/profile; on success the sent fields are merged into the local user. */
export async function saveProfile(fields: ProfileBody): Promise<SessionResult> {
  const r = await updateProfile(fields);
  if (!isOk(r)) return { ok: false, message: messageOf(r, SESSION_MESSAGES.profileFailed) };
  const user = $user.get();
  if (user) $user.set({ ...user, ...fields });
  return { ok: true, message: SESSION_MESSAGES.profileSaved };
}
