/**
 * Defaults for wire objects: moredoc-compatible servers omit zero values (api-contract §1.2),
 * so every missing key gets its zero value here. Unknown keys are kept.
 */
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import type { Attachment, Category, ConfigItem, Group, Language, ListReply, Navigation, Permission, User } from './types.ts';
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

export const PERMISSION_DEFAULTS: Permission = { id: 0, method: '', path: '', title: '', description: '', ...TIMES };

export const GROUP_DEFAULTS: Group = {
  id: 0,
  title: '',
  color: '',
  description: '',
  is_default: false,
  is_display: false,
  user_count: 0,
  sort: 0,
  enable_upload: false,
  enable_document_review: false,
  enable_comment: false,
  enable_comment_approval: false,
  enable_article: false,
  enable_article_approval: false,
  ...TIMES,
};

export const CATEGORY_DEFAULTS: Category = {
  id: 0,
  parent_id: 0,
  title: '',
  doc_count: 0,
  sort: 0,
  enable: false,
  cover: '',
  icon: '',
  description: '',
  show_description: false,
  type: 0,
  ...TIMES,
};

export const NAVIGATION_DEFAULTS: Navigation = {
  id: 0,
  title: '',
  href: '',
  target: '',
  color: '',
  description: '',
  sort: 0,
  enable: false,
  parent_id: 0,
  fixed: false,
  ...TIMES,
};

export const CONFIG_ITEM_DEFAULTS: ConfigItem = {
  id: 0,
  category: '',
  name: '',
  label: '',
  value: '',
  placeholder: '',
  input_type: '',
  options: '',
  sort: 0,
  col_num: 0,
  ...TIMES,
};

export const LANGUAGE_DEFAULTS: Language = {
  id: 0,
  language: '',
  code: '',
  enable: false,
  total: 0,
  sort: 0,
  ...TIMES,
};

export const ATTACHMENT_DEFAULTS: Attachment = {
  id: 0,
  hash: '',
  user_id: 0,
  type_id: 0,
  type: 0,
  enable: false,
  path: '',
  name: '',
  size: 0,
  width: 0,
  height: 0,
  ext: '',
  ip: '',
  description: '',
  username: '',
  type_name: '',
  ...TIMES,
};

export const normalizeUser = (raw: unknown): User => fill(USER_DEFAULTS, raw);
export const normalizePermission = (raw: unknown): Permission => fill(PERMISSION_DEFAULTS, raw);
export const normalizeGroup = (raw: unknown): Group => fill(GROUP_DEFAULTS, raw);
export const normalizeCategory = (raw: unknown): Category => fill(CATEGORY_DEFAULTS, raw);
export const normalizeNavigation = (raw: unknown): Navigation => fill(NAVIGATION_DEFAULTS, raw);
export const normalizeConfigItem = (raw: unknown): ConfigItem => fill(CONFIG_ITEM_DEFAULTS, raw);
export const normalizeLanguage = (raw: unknown): Language => fill(LANGUAGE_DEFAULTS, raw);
export const normalizeAttachment = (raw: unknown): Attachment => fill(ATTACHMENT_DEFAULTS, raw);

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
