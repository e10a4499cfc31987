/**
 * Library filters (screens §5.2): file-kind group, fee, language, sort tabs and pagination,
 * all mirrored in the URL query (`ext`, `fee_type`, `language`, `sort`, `page`). Markup
 * shared by the build (first page, default filters) and the list script.
 */
import type { QueryOf } from '../../api/call.ts';
import type { documentList } from '../../api/generated/document.ts';
import type { SettingsLanguage } from '../../api/types.ts';
import { EXT_FILTER_OPTIONS } from '../../domain/file-kind.ts';
import { html, raw } from '../../domain/html.ts';
import { countedPagerHtml } from '../pager.ts';

export const PAGE_SIZE = 10;

export const FEE_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['', '全部'],
  ['free', '免费'],
  ['charge', '付费'],
];
/** VIP documents (moredoc Pro `fee_type=vip`), offered while VIP is on */
const VIP_FEE = ['vip', 'VIP特享'] as const;
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
    fee_type: known(q.get('fee_type'), [...FEE_OPTIONS, VIP_FEE]),
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

export function listParams(s: ListState, categoryId: number): QueryOf<typeof documentList> {
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

type Key = Exclude<keyof ListState, 'page'>;

function optionHtml(s: ListState, key: Key, value: string, label: string, pathname: string): string {
  const active = s[key] === value;
  const cls = active ? 'bg-primary-600 text-white' : 'text-neutral-600 hover:text-primary-600';
  return html`<a href="${pathname + queryOf({ ...s, [key]: value, page: 1 })}" data-filter="${key}" data-value="${value}" class="rounded px-2 py-0.5 ${cls}"${active && raw(' aria-current="true"')}>${label}</a>`;
}

const row = (
  label: string,
  options: ReadonlyArray<readonly [string, string]>,
  render: (value: string, label: string) => string,
): string =>
  html`<div class="flex gap-3 py-2 text-sm"><span class="w-12 shrink-0 pt-0.5 text-neutral-400">${label}</span><div class="flex flex-wrap gap-x-2 gap-y-1">${raw(options.map(([v, l]) => render(v, l)))}</div></div>`;

/** 类型 / 费用 / 语言 rows (the 分类 row is static: it links to category pages). */
export function filterRowsHtml(s: ListState, languages: readonly SettingsLanguage[], pathname: string, vipOn = false): string {
  const fees = vipOn ? [...FEE_OPTIONS, VIP_FEE] : FEE_OPTIONS;
  const rows = [
    row('类型', EXT_FILTER_OPTIONS, (v, l) => optionHtml(s, 'ext', v, l, pathname)),
    row('费用', fees, (v, l) => optionHtml(s, 'fee_type', v, l, pathname)),
  ];
  if (languages.length) {
    const opts: Array<readonly [string, string]> = [['', '全部'], ...languages.map((l) => [l.code, l.language] as const)];
    rows.push(row('语言', opts, (v, l) => optionHtml(s, 'language', v, l, pathname)));
  }
  return rows.join('');
}

export function sortTabsHtml(s: ListState, pathname: string): string {
  return (Object.keys(SORTS) as SortKey[])
    .map((k) => {
      const active = s.sort === k;
      const cls = active
        ? 'border-primary-600 text-primary-700 font-semibold'
        : 'border-transparent text-neutral-600 hover:text-primary-600';
      return html`<a href="${pathname + queryOf({ ...s, sort: k, page: 1 })}" data-filter="sort" data-value="${k}" class="border-b-2 px-1 pb-2 text-sm ${cls}"${active && raw(' aria-current="true"')}>${SORTS[k][0]}</a>`;
    })
    .join('');
}

/** 共 N 篇 and the page links. */
export const paginationHtml = (s: ListState, total: number, pathname: string): string =>
  countedPagerHtml(s.page, total, PAGE_SIZE, (page) => pathname + queryOf({ ...s, page }));
