/**
 * Search filter bar (screens §5.6): 文件类型 / 分类 / 语言 / 时间 rows with the result counts
 * the server aggregated (`facets`), and the sort tabs. Every option is a real link to its
 * search URL (`data-search-link`), which the page script turns into a pushState navigation.
 */
import type { NormalFacets } from '../../api/search.ts';
import type { SettingsLanguage } from '../../api/types.ts';
import type { CategoryNode } from '../../lib/tree.ts';
import { attrs, html, raw } from '../../domain/html.ts';
import { categoryChain } from '../../domain/urls.ts';
import { EXT_FILTER_OPTIONS } from '../../domain/file-kind.ts';
import { TIME_OPTIONS, searchHref, sortsOf, withChange } from './state.ts';
import type { SearchState } from './state.ts';

interface Choice {
  label: string;
  href: string;
  active: boolean;
  count?: number;
  testid?: string;
}

function choiceHtml(c: Choice): string {
  // an option with no results is quiet grey: red counts are for options that find something
  const none = c.count === 0 && !c.active;
  const cls = c.active
    ? 'bg-primary-600 text-white'
    : none
      ? 'text-neutral-400 hover:text-primary-600'
      : 'text-neutral-600 hover:text-primary-600';
  const countCls = c.active ? 'text-white' : none ? 'text-neutral-400' : 'text-red-600';
  const count = c.count !== undefined && raw(html` <span data-count="${c.count}" class="${countCls}">(${c.count})</span>`);
  return html`<a href="${c.href}" data-search-link${attrs({ 'data-testid': c.testid })} class="rounded px-2 py-0.5 whitespace-nowrap ${cls}"${c.active && raw(' aria-current="true"')}>${c.label}${count}</a>`;
}

function rowHtml(label: string, choices: readonly Choice[], row = ''): string {
  return html`<div class="flex gap-3 py-2 text-sm"${attrs({ 'data-filter-row': row })}><span class="w-16 shrink-0 pt-0.5 text-neutral-400">${label}</span><div class="flex flex-wrap gap-x-1.5 gap-y-1">${raw(choices.map(choiceHtml))}</div></div>`;
}

const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((a, b) => a + b, 0);
const hasCounts = (counts: Record<string, number>): boolean => Object.keys(counts).length > 0;

function extRow(s: SearchState, facets: NormalFacets): string {
  const counted = hasCounts(facets.ext);
  const choices = EXT_FILTER_OPTIONS.map(([key, label]): Choice => ({
    label,
    href: searchHref(withChange(s, { ext: key })),
    active: s.ext === key,
    count: counted ? (key ? (facets.ext[key] ?? 0) : sum(facets.ext)) : undefined,
    testid: `search-filter-ext-${key || 'all'}`,
  }));
  return rowHtml('文件类型', choices, 'ext');
}

/**
 * 分类: the top level of the searched type, then one row of sub-categories per selected
 * level. With counts, only categories holding results (and the selected ones) are listed.
 */
function categoryRows(
  s: SearchState,
  facets: NormalFacets,
  roots: readonly CategoryNode[],
  byId: ReadonlyMap<number, CategoryNode>,
): string {
  const counted = hasCounts(facets.category);
  const chain = categoryChain(s.category_id, byId);
  const selected = new Set(chain.map((c) => c.id));
  const visible = (list: readonly CategoryNode[]) =>
    list.filter(
      (c) => c.enable && c.type === s.type && (!counted || (facets.category[String(c.id)] ?? 0) > 0 || selected.has(c.id)),
    );
  const choice = (c: CategoryNode): Choice => ({
    label: c.title,
    href: searchHref(withChange(s, { category_id: c.id })),
    active: selected.has(c.id),
    count: counted ? (facets.category[String(c.id)] ?? 0) : undefined,
  });
  const top = visible(roots);
  if (!top.length && !chain.length) return '';
  const all: Choice = { label: '全部', href: searchHref(withChange(s, { category_id: 0 })), active: !s.category_id };
  const rows = [rowHtml('分类', [all, ...top.map(choice)], 'category')];
  for (const node of chain) {
    const subs = visible(node.children);
    if (!subs.length) continue;
    const whole: Choice = {
      label: '全部',
      href: searchHref(withChange(s, { category_id: node.id })),
      active: s.category_id === node.id,
    };
    rows.push(rowHtml(node.title, [whole, ...subs.map(choice)]));
  }
  return rows.join('');
}

function languageRow(s: SearchState, facets: NormalFacets, languages: readonly SettingsLanguage[]): string {
  const codes = Object.keys(facets.language);
  if (s.language && !codes.includes(s.language)) codes.push(s.language);
  if (codes.length < 2 && !s.language) return '';
  const name = (code: string): string => languages.find((l) => l.code === code)?.language || code;
  const choices: Choice[] = [
    { label: '全部', href: searchHref(withChange(s, { language: '' })), active: !s.language },
    ...codes.map((code) => ({
      label: name(code),
      href: searchHref(withChange(s, { language: code })),
      active: s.language === code,
      count: facets.language[code] ?? 0,
    })),
  ];
  return rowHtml('语言', choices, 'language');
}

function timeRow(s: SearchState): string {
  const choices = TIME_OPTIONS.map(([key, label]): Choice => ({
    label,
    href: searchHref(withChange(s, { time: key })),
    active: s.time === key,
  }));
  return rowHtml('时间', choices, 'time');
}

export interface FilterContext {
  roots: readonly CategoryNode[];
  byId: ReadonlyMap<number, CategoryNode>;
  languages: readonly SettingsLanguage[];
}

export function filterBarHtml(s: SearchState, facets: NormalFacets, ctx: FilterContext): string {
  const rows = [
    s.type === 0 ? extRow(s, facets) : '',
    categoryRows(s, facets, ctx.roots, ctx.byId),
    s.type === 0 ? languageRow(s, facets, ctx.languages) : '',
    timeRow(s),
  ];
  return rows.filter(Boolean).join('');
}

export function sortTabsHtml(s: SearchState): string {
  return sortsOf(s.type)
    .map(([key, label]) => {
      const active = s.sort === key;
      const cls = active
        ? 'border-primary-600 font-semibold text-primary-700'
        : 'border-transparent text-neutral-600 hover:text-primary-600';
      return html`<a href="${searchHref({ ...s, sort: key, page: 1 })}" data-search-link data-testid="search-sort-${key}" class="border-b-2 px-1 pb-2 text-sm ${cls}"${active && raw(' aria-current="true"')}>${label}</a>`;
    })
    .join('');
}
