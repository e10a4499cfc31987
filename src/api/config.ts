/** ConfigAPI and system calls (spec §7 "Site and admin", api-contract §2.15). */
import { fill, fillList, normalizeConfigItem } from './defaults.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import { settingsWithDefaults } from './settings-defaults.ts';
import type { ConfigItem, DeviceInfo, EnvDependent, OperationsReply, Release, Settings, Stats } from './types.ts';

type Empty = Record<string, never>;

/** Public site settings with every group and field defaulted. */
export const getSettings = async (): Promise<ApiResult<Settings>> =>
  mapOk(await http.get<unknown>('/settings'), settingsWithDefaults);

/** Config items of the given categories (`category` repeats: `category=system&category=footer`). */
export const listConfig = async (params: { category: string[] }): Promise<ApiResult<{ config: ConfigItem[] }>> =>
  mapOk(await http.get<{ config?: unknown }>('/config/list', params), (d) => ({
    config: fillList(d.config, normalizeConfigItem),
  }));

/** Items are updated by id; only `value` is written. */
export const updateConfig = (body: { config: Pick<ConfigItem, 'id' | 'category' | 'name' | 'value'>[] }) =>
  http.put<Empty>('/config', body);

const STATS: Stats = {
  user_count: 0,
  document_count: 0,
  category_count: 0,
  article_count: 0,
  comment_count: 0,
  banner_count: 0,
  friendlink_count: 0,
  report_count: 0,
  os: '',
  version: '',
  hash: '',
  build_at: '',
};

export const getStats = async (): Promise<ApiResult<Stats>> => mapOk(await http.get<unknown>('/stats'), (d) => fill(STATS, d));

const ENV: EnvDependent = {
  name: '',
  description: '',
  error: '',
  cmd: '',
  version: '',
  is_installed: false,
  is_required: false,
  checked_at: '',
};

/** Converter tool checks; `{}` (no list) when the caller lacks the permission. */
export const getEnvs = async (): Promise<ApiResult<{ envs: EnvDependent[] }>> =>
  mapOk(await http.get<{ envs?: unknown }>('/envs'), (d) => ({ envs: fillList(d.envs, (e) => fill(ENV, e)) }));

const DISK = { disk_name: '', total: 0, used: 0, free: 0, percent: 0 };

export const getDevice = async (): Promise<ApiResult<DeviceInfo>> =>
  mapOk(await http.get<{ cpu?: unknown; memory?: unknown; disk?: unknown }>('/device'), (d) => ({
    cpu: fill({ cores: 0, model_name: '', mhz: 0, percent: 0 }, d.cpu),
    memory: fill({ total: 0, available: 0, used: 0, free: 0, percent: 0 }, d.memory),
    disk: fillList(d.disk, (x) => fill(DISK, x)),
  }));

const HOUR = { hour: '', requests: 0, errors: 0, conversions_done: 0, conversions_failed: 0 };

/** Wenku's dashboard figures: the last 24 hours, the conversion queue, free disk, the last backup. */
export const getOperations = async (): Promise<ApiResult<OperationsReply>> =>
  mapOk(await http.get<{ hours?: unknown; queue?: unknown; disk?: unknown; last_backup?: unknown }>('/operations'), (d) => ({
    hours: fillList(d.hours, (h) => fill(HOUR, h)),
    queue: fill({ waiting: 0, running: 0 }, d.queue),
    disk: fillList(d.disk, (x) => fill({ folder: 'data' as 'data' | 'storage', path: '', free: 0 }, x)),
    last_backup: d.last_backup ? fill({ finished_at: '', status: '', detail: '' }, d.last_backup) : null,
  }));

/** Regenerates the sitemap (and, on Wenku, the static site). */
export const updateSitemap = (body: object = {}) => http.put<Empty>('/sitemap', body);

export const updateSqlMode = (body: object = {}) => http.put<Empty>('/sqlmode', body);

const RELEASE: Release = { tag_name: '', name: '', body: '', release_at: '', ignore: '', source: '', current: '' };

export const getRelease = async (): Promise<ApiResult<Release>> =>
  mapOk(await http.get<unknown>('/release'), (d) => fill(RELEASE, d));
