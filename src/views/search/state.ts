/**
 * Search page state (screens §5.6), kept in the URL query: `wd`, `type` (0 documents,
 * 1 articles), `page`, `ext`, `category_id`, `language`, `sort`, `time`. Pure functions shared
 * by the page script and the tests.
 */
import type { SearchParams } from '../../api/search.ts';

export type SearchType = 0 | 1;
export type Option = readonly [key: string, label: string];

import { EXT_FILTER_OPTIONS } from '../../domain/file-kind.ts';
export const TIME_OPTIONS: readonly Option[] = [
  ['', '不限'],
  ['day', '一天内'],
  ['week', '一周内'],
  ['month', '一个月内'],
  ['quarter', '三个月内'],
  ['year', '一年内'],
];
export const DOCUMENT_SORTS: readonly Option[] = [
  ['relevance', '相关度'],
  ['latest', '最新'],
  ['pages', '页数'],
  ['size', '大小'],
  ['view_count', '浏览'],
  ['download_count', '下载'],
];
export const ARTICLE_SORTS: readonly Option[] = [
  ['relevance', '相关度'],
  ['latest', '最新'],
  ['view_count', '浏览'],
];

export const MAX_KEYWORD_LENGTH = 200;

export interface SearchState {
  wd: string;
  type: SearchType;
  page: number;
  /** ext group key, '' for all (documents only) */
  ext: string;
  /** 0 for all */
  category_id: number;
  /** language code, '' for all (documents only) */
  language: string;
  sort: string;
  /** TIME_OPTIONS key, '' for any time */
  time: string;
}

export const sortsOf = (type: SearchType): readonly Option[] => (type === 1 ? ARTICLE_SORTS : DOCUMENT_SORTS);

const has = (options: readonly Option[], key: string): boolean => options.some(([k]) => k === key);

const positiveInt = (v: string | null): number => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export function stateFromQuery(search: string): SearchState {
  const q = new URLSearchParams(search);
  const type: SearchType = q.get('type') === '1' ? 1 : 0;
  const ext = q.get('ext') ?? '';
  const sort = q.get('sort') ?? '';
  const time = q.get('time') ?? '';
  return {
    wd: (q.get('wd') ?? '').trim().slice(0, MAX_KEYWORD_LENGTH),
    type,
    page: positiveInt(q.get('page')) || 1,
    ext: type === 0 && has(EXT_FILTER_OPTIONS, ext) ? ext : '',
    category_id: positiveInt(q.get('category_id')),
    language: type === 0 ? (q.get('language') ?? '').trim().slice(0, 32) : '',
    sort: has(sortsOf(type), sort) ? sort : 'relevance',
    time: has(TIME_OPTIONS, time) ? time : '',
  };
}

/** `?wd=…&type=1&page=2…`; defaults are left out. */
export function queryOf(s: SearchState): string {
  const q = new URLSearchParams();
  if (s.wd) q.set('wd', s.wd);
  if (s.type === 1) q.set('type', '1');
  if (s.ext) q.set('ext', s.ext);
  if (s.category_id) q.set('category_id', String(s.category_id));
  if (s.language) q.set('language', s.language);
  if (s.sort && s.sort !== 'relevance') q.set('sort', s.sort);
  if (s.time) q.set('time', s.time);
  if (s.page > 1) q.set('page', String(s.page));
  const text = q.toString();
  return text ? `?${text}` : '';
}

export const searchHref = (s: SearchState): string => `/search${queryOf(s)}`;

/** A filter change starts again at page 1; switching the type keeps only the keyword and sort. */
export function withChange(s: SearchState, change: Partial<SearchState>): SearchState {
  if (change.type !== undefined && change.type !== s.type) {
    const sort = has(sortsOf(change.type), s.sort) ? s.sort : 'relevance';
    return { wd: s.wd, type: change.type, page: 1, ext: '', category_id: 0, language: '', sort, time: s.time, ...change };
  }
  return { ...s, page: 1, ...change };
}

const DAY_MS = 86_400_000;

/** `created_at` range [start, end] of a time preset, as RFC 3339 strings; [] for any time. */
export function timeRange(key: string, now: number = Date.now()): string[] {
  const start = new Date(now);
  switch (key) {
    case 'day':
      start.setTime(now - DAY_MS);
      break;
    case 'week':
      start.setTime(now - 7 * DAY_MS);
      break;
    case 'month':
      start.setMonth(start.getMonth() - 1);
      break;
    case 'quarter':
      start.setMonth(start.getMonth() - 3);
      break;
    case 'year':
      start.setFullYear(start.getFullYear() - 1);
      break;
    default:
      return [];
  }
  return [start.toISOString(), new Date(now).toISOString()];
}

export function apiParams(s: SearchState, now: number = Date.now()): SearchParams {
  return {
    wd: s.wd,
    page: s.page,
    ...(s.category_id ? { category_id: [s.category_id] } : {}),
    ...(s.type === 0 && s.ext ? { ext: s.ext } : {}),
    ...(s.type === 0 && s.language ? { language: [s.language] } : {}),
    ...(s.time ? { created_at: timeRange(s.time, now) } : {}),
    sort: s.sort,
  };
}
