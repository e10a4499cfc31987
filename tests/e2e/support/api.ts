import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../../playwright.config.ts';

/** Direct /api/v1 calls for test set-up; the behaviour under test goes through the browser. */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/v1/user/login', { data: { username, password } });
  if (res.status() !== 200) throw new Error(`login ${username}: ${res.status()} ${await res.text()}`);
  return (await res.json()).token as string;
}

let cachedAdmin: string | undefined;
/** One API session for the admin per worker: logins are rate-limited per account, as they should be. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  cachedAdmin ??= await apiLogin(request, 'admin', E2E_ADMIN_PASSWORD);
  return cachedAdmin;
}

export async function apiCall<T = any>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`/api/v1${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  if (res.status() !== 200) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function registerMember(
  request: APIRequestContext,
  username: string,
  password: string,
  email = `${username}@example.com`,
) {
  const res = await request.post('/api/v1/user/register', { data: { username, password, email } });
  if (res.status() !== 200) throw new Error(`register ${username}: ${res.status()} ${await res.text()}`);
  const body = await res.json();
  return { id: body.user.id as number, token: body.token as string };
}

/** Sets config values by category/name through the admin API, as the config screens do. */
export async function setConfigs(request: APIRequestContext, token: string, category: string, values: Record<string, string>) {
  const list = await apiCall<{ config?: Array<{ id: number; category: string; name: string }> }>(
    request,
    token,
    'GET',
    `/config/list?category=${category}`,
  );
  const config = (list.config ?? [])
    .filter((c) => c.name in values)
    .map((c) => ({ id: c.id, category: c.category, name: c.name, value: values[c.name] }));
  await apiCall(request, token, 'PUT', '/config', { config });
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
