/**
 * Library filters (screens §5.2): file-kind group, fee, language, sort tabs and pagination,
 * all mirrored in the URL query (`ext`, `fee_type`, `language`, `sort`, `page`). HTML strings
 * shared by the build (first page, default filters) and the list script.
 */
import type { DocumentListParams } from '../../api/document.ts';
import type { SettingsLanguage } from '../../api/types.ts';
import { escapeHtml } from '../../domain/html.ts';

export const PAGE_SIZE = 10;

import { EXT_FILTER_OPTIONS } from '../../domain/file-kind.ts';
export const FEE_OPTIONS: ReadonlyArray<readonly [string, string]> = [['', '全部'], ['free', '免费'], ['charge', '付费']];
export const SORTS = {
  latest: ['最新', 'id desc'],
  hot: ['最热', 'view_count desc'],
  download: ['下载最多', 'download_count desc'],
  score: ['评分最高', 'score desc'],
} as const;
export type SortKey = keyof typeof SORTS;

export interface ListState {
  ext: string;
  fee_type: string;
  language: string;
  sort: SortKey;
  page: number;
}

export const DEFAULT_STATE: ListState = { ext: '', fee_type: '', language: '', sort: 'latest', page: 1 };

const known = (v: string | null, options: ReadonlyArray<readonly [string, string]>): string =>
  options.some(([k]) => k === v) ? (v ?? '') : '';

export function stateFromQuery(search: string): ListState {
  const q = new URLSearchParams(search);
  const sort = q.get('sort') ?? '';
  const page = Number.parseInt(q.get('page') ?? '1', 10);
  return {
    ext: known(q.get('ext'), EXT_FILTER_OPTIONS),
    fee_type: known(q.get('fee_type'), FEE_OPTIONS),
    language: (q.get('language') ?? '').trim().slice(0, 32),
    sort: Object.hasOwn(SORTS, sort) ? (sort as SortKey) : 'latest',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** `?ext=pdf&page=2`, defaults left out ('' for none). */
export function queryOf(s: ListState): string {
  const q = new URLSearchParams();
  if (s.ext) q.set('ext', s.ext);
  if (s.fee_type) q.set('fee_type', s.fee_type);
  if (s.language) q.set('language', s.language);
  if (s.sort !== 'latest') q.set('sort', s.sort);
  if (s.page > 1) q.set('page', String(s.page));
  const text = q.toString();
  return text ? `?${text}` : '';
}

export const isDefaultState = (s: ListState): boolean => queryOf(s) === '';

export function listParams(s: ListState, categoryId: number): DocumentListParams {
  return {
    page: s.page,
    size: PAGE_SIZE,
    order: SORTS[s.sort][1],
    ...(categoryId ? { category_id: [categoryId] } : {}),
    ...(s.ext ? { ext: s.ext } : {}),
    ...(s.fee_type ? { fee_type: s.fee_type } : {}),
    ...(s.language ? { language: [s.language] } : {}),
  };
}

type Key = keyof ListState;

function optionHtml(s: ListState, key: Key, value: string, label: string, pathname: string): string {
  const next = { ...s, [key]: key === 'page' ? Number(value) : value, ...(key === 'page' ? {} : { page: 1 }) } as ListState;
  const active = String(s[key]) === value;
  const cls = active ? 'bg-primary-600 text-white' : 'text-neutral-600 hover:text-primary-600';
  return `<a href="${escapeHtml(pathname + queryOf(next))}" data-filter="${key}" data-value="${escapeHtml(value)}" class="rounded px-2 py-0.5 ${cls}"${active ? ' aria-current="true"' : ''}>${escapeHtml(label)}</a>`;
}

const row = (label: string, body: string): string =>
  `<div class="flex gap-3 py-2 text-sm"><span class="w-12 shrink-0 pt-0.5 text-neutral-400">${label}</span><div class="flex flex-wrap gap-x-2 gap-y-1">${body}</div></div>`;

/** 类型 / 费用 / 语言 rows (the 分类 row is static: it links to category pages). */
export function filterRowsHtml(s: ListState, languages: readonly SettingsLanguage[], pathname: string): string {
  const rows = [
    row('类型', EXT_FILTER_OPTIONS.map(([v, l]) => optionHtml(s, 'ext', v, l, pathname)).join('')),
    row('费用', FEE_OPTIONS.map(([v, l]) => optionHtml(s, 'fee_type', v, l, pathname)).join('')),
  ];
  if (languages.length) {
    const opts: Array<readonly [string, string]> = [['', '全部'], ...languages.map((l) => [l.code, l.language] as const)];
    rows.push(row('语言', opts.map(([v, l]) => optionHtml(s, 'language', v, l, pathname)).join('')));
  }
  return rows.join('');
}

export function sortTabsHtml(s: ListState, pathname: string): string {
  return (Object.keys(SORTS) as SortKey[])
    .map((k) => {
      const active = s.sort === k;
      const next = queryOf({ ...s, sort: k, page: 1 });
      const cls = active ? 'border-primary-600 text-primary-700 font-semibold' : 'border-transparent text-neutral-600 hover:text-primary-600';
      return `<a href="${escapeHtml(pathname + next)}" data-filter="sort" data-value="${k}" class="border-b-2 px-1 pb-2 text-sm ${cls}"${active ? ' aria-current="true"' : ''}>${SORTS[k][0]}</a>`;
    })
    .join('');
}

/** 共 N 篇 · 上一页 · up to 5 numbers · 下一页; nothing when everything fits on one page. */
export function paginationHtml(s: ListState, total: number, pathname: string): string {
  const pages = Math.ceil(total / PAGE_SIZE);
  if (pages <= 1) return total ? `<p class="text-sm text-neutral-500">共 ${total} 篇</p>` : '';
  const from = Math.max(1, Math.min(s.page - 2, pages - 4));
  const to = Math.min(pages, from + 4);
  const link = (p: number, label: string, disabled = false): string =>
    disabled
      ? `<span class="rounded border border-neutral-200 px-3 py-1 text-neutral-300">${label}</span>`
      : optionHtml(s, 'page', String(p), label, pathname).replace('rounded px-2 py-0.5', 'rounded border border-neutral-200 px-3 py-1');
  const nums: string[] = [];
  for (let p = from; p <= to; p++) nums.push(link(p, String(p)));
  return `<nav class="flex flex-wrap items-center gap-2 text-sm" aria-label="分页"><span class="mr-2 text-neutral-500">共 ${total} 篇</span>${link(s.page - 1, '上一页', s.page <= 1)}${nums.join('')}${link(s.page + 1, '下一页', s.page >= pages)}</nav>`;
}
