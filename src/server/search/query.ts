import type { Database } from '../db/db.ts';
import { headOf, pageFrom, sameIds } from './page-hits.ts';
import type { WindowHead } from './window-merge.ts';
import type { Term } from './terms.ts';
import { loadWindow, type WindowSpec } from './window.ts';
import { WindowBuilder, type WindowTable } from './window-table.ts';

/**
 * One search from its window (window.ts: the matches a reader can page through, with their
 * facet keys and sort columns): the facet filters, the total, facet counts in which each facet
 * ignores its own filter, the order and one page are worked out in memory. The pages holding the
 * terms are then looked up for the results on this page only (hits.ts).
 *
 * A search of several terms that finds fewer than FEW items also looks for items holding all
 * terms but one (`relax`): they follow the full matches, each with the word it lacks, and the
 * reply says so (search.service.ts). "考研政治" then finds a 思想政治 exam paper.
 */

export type FacetName = 'ext' | 'category' | 'language';

/** Fewer full matches than this (after the facet filters) brings in the looser search. */
export const FEW = 10;

export interface Filters {
  /** ext group: the extensions it holds, lower case */
  ext?: ReadonlySet<string>;
  category?: ReadonlySet<number>;
  language?: ReadonlySet<string>;
}

export interface Sort {
  /** `rel` (relevance, newest first within a tier), `id` (newest) or a column of the window */
  key: string;
  asc: boolean;
}

export interface SearchSpec extends WindowSpec {
  terms: readonly Term[];
  filters: Filters;
  /** facets to count; `ext` keys come from `extGroup` */
  facets: readonly FacetName[];
  extGroup?: (ext: string) => string;
  sort: Sort;
  limit: number;
  offset: number;
}

export interface SearchHit {
  id: number;
  rel: number;
  hitPages: number[];
  /** text of the first hit pages, for the snippet */
  pageTexts?: ReadonlyMap<number, string>;
  /** query words the item lacks (looser results only) */
  missing?: string[];
}

/** A page of hits: their ids at once, the hits with their hit pages once read (the caller reads the items' rows meanwhile). */
export interface PageHits {
  ids: readonly number[];
  hits: Promise<SearchHit[]>;
}

/** Hits known whole already (recommended items) as a page. */
export const pageOf = (hits: SearchHit[]): PageHits => ({ ids: hits.map((h) => h.id), hits: Promise.resolve(hits) });

export interface SearchResult {
  page: PageHits;
  /** full and looser matches */
  total: number;
  /** full matches (they come first) */
  exact: number;
  facets: Partial<Record<FacetName, Record<string, number>>>;
}

/** Whether row `i` passes the facet filters, all but `except`. */
function passes(spec: SearchSpec, t: WindowTable, i: number, except?: FacetName): boolean {
  const f = spec.filters;
  // search_facets keeps the extension in lower case
  if (f.ext && except !== 'ext' && !f.ext.has(t.ext(i))) return false;
  if (f.language && except !== 'language' && !f.language.has(t.language(i))) return false;
  if (f.category && except !== 'category') {
    for (let k = t.catStart[i]!; k < t.catStart[i + 1]!; k++) if (f.category.has(t.cat[k]!)) return true;
    return false;
  }
  return true;
}

function countFacets(spec: SearchSpec, t: WindowTable): SearchResult['facets'] {
  const out: SearchResult['facets'] = {};
  for (const name of spec.facets) {
    const counts = new Map<string | number, number>();
    const add = (key: string | number) => counts.set(key, (counts.get(key) ?? 0) + 1);
    for (let i = 0; i < t.size; i++) {
      if (!passes(spec, t, i, name)) continue;
      if (name === 'category') for (let k = t.catStart[i]!; k < t.catStart[i + 1]!; k++) add(t.cat[k]!);
      else {
        const key = name === 'ext' ? (spec.extGroup?.(t.ext(i)) ?? '') : t.language(i);
        if (key) add(key);
      }
    }
    if (counts.size) out[name] = Object.fromEntries([...counts].map(([k, n]) => [String(k), n]));
  }
  return out;
}

/** An order of row indices of `t`. */
function compare(t: WindowTable, sort: Sort): (a: number, b: number) => number {
  const byId = (a: number, b: number) => t.id[b]! - t.id[a]!;
  // full matches first, whatever the order
  const loose = (a: number, b: number) => Number(t.miss[a]! >= 0) - Number(t.miss[b]! >= 0);
  if (sort.key === 'id') return (a, b) => loose(a, b) || byId(a, b);
  if (sort.key === 'rel') return (a, b) => loose(a, b) || t.rel[b]! - t.rel[a]! || byId(a, b);
  const dir = sort.asc ? 1 : -1;
  const column = t.columns.get(sort.key) ?? [];
  return (a, b) => {
    const x = column[a] ?? 0;
    const y = column[b] ?? 0;
    return loose(a, b) || (x < y ? -dir : x > y ? dir : 0) || byId(a, b);
  };
}

/** Rows of `t` that pass every filter. */
function passing(spec: SearchSpec, t: WindowTable): number[] {
  const out: number[] = [];
  for (let i = 0; i < t.size; i++) if (passes(spec, t, i)) out.push(i);
  return out;
}

/** Full matches, then (when few and `relax`) the items lacking one term that the full ones leave out. */
async function windowRows(db: Database, spec: SearchSpec, relax: boolean, head?: WindowHead): Promise<WindowTable> {
  const rows = await loadWindow(db, spec, spec.terms, false, head);
  if (!relax || spec.terms.length < 2 || passing(spec, rows).length >= FEW) return rows;
  const strict = new Set(rows.id);
  const loose = await loadWindow(db, spec, spec.terms, true);
  const size = Math.max(rows.size, spec.window?.size ?? Infinity);
  const out = new WindowBuilder();
  for (let i = 0; i < rows.size; i++) out.copy(rows, i);
  for (let i = 0; i < loose.size && out.count < size; i++) if (!strict.has(loose.id[i]!)) out.copy(loose, i);
  return out.build();
}

/**
 * One search: its total, facets and page. `early` may get the page before the whole window is read
 * (headOf); when the page turns out the same, the result's page is that very object.
 */
export async function runSearch(
  db: Database,
  spec: SearchSpec,
  relax = false,
  early?: (page: PageHits) => void,
): Promise<SearchResult> {
  let earlyPage: PageHits | undefined;
  const head = early && headOf(db, spec, (page) => early((earlyPage = page)));
  const t = await windowRows(db, spec, relax, head);
  const filtered = passing(spec, t);
  const order = filtered.sort(compare(t, spec.sort)).slice(spec.offset, spec.offset + spec.limit);
  const entries = order.map((i) => ({ id: t.id[i]!, rel: t.rel[i]!, miss: t.miss[i]! }));
  const ids = entries.map((e) => e.id);
  const page = earlyPage && sameIds(earlyPage.ids, ids) ? earlyPage : pageFrom(db, spec, entries);
  return {
    total: filtered.length,
    exact: filtered.filter((i) => t.miss[i]! < 0).length,
    facets: countFacets(spec, t),
    page,
  };
}
