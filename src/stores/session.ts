/**
 * Signed-in state (spec §3, §4): user, token, permissions and the admin pages they unlock,
 * all persisted in the browser. Every action answers `{ok, message}` with the spec's
 * fallback messages, preferring the server's own message.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { isOk, messageOf } from '../api/http.ts';
import type { User } from '../api/types.ts';
import type { UserPermission } from '../contract/user.ts';
import { call, fillZero } from '../api/call.ts';
import type { ApiResult } from '../api/http.ts';
import { userGet, userLogin, userLogout, userPermissions, userRegister, userUpdateProfile } from '../api/generated/user.ts';
import type { LoginReply } from '../api/types.ts';
import type { WireInput } from '../api/call.ts';
import type { LoginBody, RegisterBody, updateProfileBody } from '../contract/user.ts';
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

/** What GET /user/permission lists: the calls the user may make. */
type Permission = Required<UserPermission>;
/** Stored permissions with their zero values filled (as GET /user/permission answers them). */
const asPermissions = (v: unknown): Permission[] =>
  fillZero<{ permission: Permission[] }>(userPermissions.zero, { permission: v }).permission;

export const $user = persistentAtom<User | null>(
  'wenku:user',
  null,
  jsonCodec<User | null>(null, (v) => (v && typeof v === 'object' ? fillZero<User>(userGet.zero, v) : null)),
);
export const $permissions = persistentAtom<Permission[]>('wenku:permissions', [], jsonCodec([], asPermissions));
/** Pages derived from permissions only — never the always-allowed ones (see lib/admin-pages.ts). */
export const $allowedPages = persistentAtom<string[]>(
  'wenku:allowed-pages',
  [],
  jsonCodec([], (v: unknown) => (Array.isArray(v) ? v.map(String) : [])),
);

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
  const r = await call(userPermissions);
  if (!isOk(r)) return { ok: false, message: messageOf(r, SESSION_MESSAGES.permissionsFailed) };
  // the admin page table loads with the answer: public pages' first load carries none of it
  const { allowedPagesFrom } = await import('../lib/permissions.ts');
  const permissions = r.data.permission;
  $permissions.set(permissions);
  $allowedPages.set(allowedPagesFrom(permissions));
  return { ok: true, message: '' };
}

async function signIn(r: ApiResult<LoginReply>, failed: string, done: string): Promise<SessionResult> {
  if (!isOk(r) || !r.data.token) return { ok: false, message: isOk(r) ? failed : messageOf(r, failed) };
  setToken(r.data.token);
  $user.set(r.data.user);
  // Signed in even if this fails; the admin menu just stays empty until the next refresh.
  await refreshPermissions();
  return { ok: true, message: done };
}

/** Adopts the answer of any sign-in call (SMS, third-party): `{token, user}` or its failure. */
export async function signInWith(r: ApiResult<LoginReply>): Promise<SessionResult> {
  return signIn(r, SESSION_MESSAGES.loginFailed, SESSION_MESSAGES.loggedIn);
}

export async function loginWith(body: LoginBody): Promise<SessionResult> {
  return signIn(await call(userLogin, body), SESSION_MESSAGES.loginFailed, SESSION_MESSAGES.loggedIn);
}

export async function registerWith(body: RegisterBody): Promise<SessionResult> {
  return signIn(await call(userRegister, body), SESSION_MESSAGES.registerFailed, SESSION_MESSAGES.registered);
}

/** Tells the server (so the token is revoked), clears everything locally and goes home. */
export async function logout(): Promise<SessionResult> {
  if ($token.get()) await call(userLogout);
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
  const r = await call(userGet);
  if (!isOk(r)) {
    clearSession();
    return { ok: false, message: messageOf(r, SESSION_MESSAGES.userFailed) };
  }
  $user.set(r.data);
  return { ok: true, message: '' };
}

/** PUT /user/profile; on success the sent fields are merged into the local user. */
export async function saveProfile(fields: WireInput<typeof updateProfileBody>): Promise<SessionResult> {
  const r = await call(userUpdateProfile, fields);
  if (!isOk(r)) return { ok: false, message: messageOf(r, SESSION_MESSAGES.profileFailed) };
  const user = $user.get();
  if (user) $user.set({ ...user, ...fields });
  return { ok: true, message: SESSION_MESSAGES.profileSaved };
}
