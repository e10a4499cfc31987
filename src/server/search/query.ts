import type { Database } from '../db/db.ts';
import { hitPages } from './hits.ts';
import type { Term } from './terms.ts';
import { loadWindow, type WindowRow, type WindowSpec } from './window.ts';

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

export interface SearchResult {
  hits: SearchHit[];
  /** full and looser matches */
  total: number;
  /** full matches (they come first) */
  exact: number;
  facets: Partial<Record<FacetName, Record<string, number>>>;
}

const keyOf = (spec: SearchSpec, row: WindowRow, name: Exclude<FacetName, 'category'>): string =>
  name === 'ext' ? (spec.extGroup?.(String(row.values.ext ?? '')) ?? '') : String(row.values.language ?? '');

/** Whether a row passes the facet filters, all but `except`. */
function passes(spec: SearchSpec, row: WindowRow, except?: FacetName): boolean {
  const f = spec.filters;
  // search_facets keeps the extension in lower case
  if (f.ext && except !== 'ext' && !f.ext.has(String(row.values.ext ?? ''))) return false;
  if (f.language && except !== 'language' && !f.language.has(String(row.values.language ?? ''))) return false;
  if (f.category && except !== 'category' && !row.cats.some((c) => f.category!.has(c))) return false;
  return true;
}

function countFacets(spec: SearchSpec, rows: readonly WindowRow[]): SearchResult['facets'] {
  const out: SearchResult['facets'] = {};
  for (const name of spec.facets) {
    const counts = new Map<string | number, number>();
    for (const row of rows) {
      if (!passes(spec, row, name)) continue;
      if (name === 'category') for (const c of row.cats) counts.set(c, (counts.get(c) ?? 0) + 1);
      else {
        const k = keyOf(spec, row, name);
        if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
      }
    }
    if (counts.size) out[name] = Object.fromEntries([...counts].map(([k, n]) => [String(k), n]));
  }
  return out;
}

function compare(sort: Sort): (a: WindowRow, b: WindowRow) => number {
  const byId = (a: WindowRow, b: WindowRow) => b.id - a.id;
  // full matches first, whatever the order
  const loose = (a: WindowRow, b: WindowRow) => Number(a.miss >= 0) - Number(b.miss >= 0);
  if (sort.key === 'id') return (a, b) => loose(a, b) || byId(a, b);
  if (sort.key === 'rel') return (a, b) => loose(a, b) || b.rel - a.rel || byId(a, b);
  const dir = sort.asc ? 1 : -1;
  return (a, b) => {
    const x = a.values[sort.key] ?? 0;
    const y = b.values[sort.key] ?? 0;
    return loose(a, b) || (x < y ? -dir : x > y ? dir : 0) || byId(a, b);
  };
}

/** Full matches, then (when few and `relax`) the items lacking one term that the full ones leave out. */
async function windowRows(db: Database, spec: SearchSpec, relax: boolean): Promise<WindowRow[]> {
  const rows = await loadWindow(db, spec, spec.terms);
  if (!relax || spec.terms.length < 2 || rows.filter((r) => passes(spec, r)).length >= FEW) return rows;
  const strict = new Set(rows.map((r) => r.id));
  const loose = (await loadWindow(db, spec, spec.terms, true)).filter((r) => !strict.has(r.id));
  const size = spec.window?.size ?? Infinity;
  return [...rows, ...loose].slice(0, Math.max(rows.length, size));
}

export async function runSearch(db: Database, spec: SearchSpec, relax = false): Promise<SearchResult> {
  const rows = await windowRows(db, spec, relax);
  const filtered = rows.filter((r) => passes(spec, r));
  const page = [...filtered].sort(compare(spec.sort)).slice(spec.offset, spec.offset + spec.limit);
  const pages = await hitPages(
    db,
    spec.kind,
    spec.terms,
    page.map((r) => r.id),
  );
  return {
    total: filtered.length,
    exact: filtered.filter((r) => r.miss < 0).length,
    facets: countFacets(spec, rows),
    hits: page.map((r) => ({
      id: r.id,
      rel: r.rel,
      hitPages: pages.get(r.id)?.pages ?? [],
      pageTexts: pages.get(r.id)?.texts,
      ...(r.miss >= 0 ? { missing: [spec.terms[r.miss].word] } : {}),
    })),
  };
}
