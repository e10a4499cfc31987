/**
 * Defaults for wire objects: moredoc-compatible servers omit zero values (api-contract §1.2),
 * so every missing key gets its zero value here. Unknown keys are kept.
 */
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import type { Category, ListReply, Navigation, Permission, User } from './types.ts';
import { fillZero } from './call.ts';
import { categoryZero, navigationZero, permissionZero } from './generated/zeros.ts';
import { BLANK_PROFILE } from '../domain/user.ts';

/** `defaults` overlaid with every non-null value of `raw`; arrays in `defaults` are copied. */
export function fill<T extends object>(defaults: T, raw: unknown): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(defaults as Record<string, unknown>)) out[k] = Array.isArray(v) ? [...(v as unknown[])] : v;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [k, v] of Object.entries(raw)) if (v !== undefined && v !== null) out[k] = v;
  }
  return out as T;
}

/** `raw` as an array of normalised items; anything that is not an array becomes []. */
export function fillList<T>(raw: unknown, normalize: (item: unknown) => T): T[] {
  return Array.isArray(raw) ? raw.map(normalize) : [];
}

const TIMES = { created_at: '', updated_at: '' };

export const USER_DEFAULTS: User = {
  id: 0,
  username: '',
  mobile: '',
  email: '',
  ...BLANK_PROFILE,
  last_login_ip: '',
  register_ip: '',
  is_vip: false,
  status: 0,
  group_id: [],
  login_at: '',
  ...TIMES,
};

export const normalizeUser = (raw: unknown): User => fill(USER_DEFAULTS, raw);
export const normalizePermission = (raw: unknown): Permission => fillZero<Permission>(permissionZero, raw);
export const normalizeCategory = (raw: unknown): Category => fillZero<Category>(categoryZero, raw);
export const normalizeNavigation = (raw: unknown): Navigation => fillZero<Navigation>(navigationZero, raw);

/** `{total, <key>: [...]}` with both parts defaulted. */
export function normalizeList<K extends string, T>(
  raw: unknown,
  key: K,
  normalize: (item: unknown) => T,
): { total: number } & { [P in K]: T[] } {
  const obj = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const total = typeof obj.total === 'number' ? obj.total : Number(obj.total) || 0;
  return { total, [key]: fillList(obj[key], normalize) } as { total: number } & { [P in K]: T[] };
}

/** GET one page of a list: `{ total, [key]: rows }`, every row normalised. */
export const getList = async <K extends string, T>(
  path: string,
  params: object,
  key: K,
  normalize: (item: unknown) => T,
): Promise<ApiResult<ListReply<K, T>>> => mapOk(await http.get<unknown>(path, params), (d) => normalizeList(d, key, normalize));
