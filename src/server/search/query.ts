import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/db.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Kind, Window } from './backend.ts';
import type { Term } from './terms.ts';
import { hitPages } from './hits.ts';
import { backendFor } from './backends.ts';

/**
 * One statement per search: the full-text match (every term somewhere in the item, head or
 * any page: the terms may sit on different pages) with its relevance, the live
 * visibility and common filters (`base`), the facet filters (`filtered`), one page of results in
 * the requested order, the total, and facet counts in which each facet ignores its own filter.
 * Running it as one statement matches the terms once, however many numbers come out of it.
 * The pages holding the terms are then looked up for the results on this page only.
 */

export type FacetName = 'ext' | 'category' | 'language';

export interface SearchSpec {
  kind: Kind;
  terms: readonly Term[];
  /** `documents` or `articles`, aliased `t` */
  table: string;
  /** columns of `t` carried into `base` (besides id), for sorting and facets */
  columns: readonly string[];
  /** conditions on `t`: visibility and the filters no facet is about */
  where: readonly RawBuilder<unknown>[];
  /** facet filters on `b` (an alias of base); absent = not filtered */
  filters: Partial<Record<FacetName, RawBuilder<unknown>>>;
  /** facet key expression on `b` (ext group, language); category comes from `links` */
  facetKeys: Partial<Record<Exclude<FacetName, 'category'>, RawBuilder<unknown>>>;
  /** category links: table and its column holding the item id */
  links?: { table: string; column: string };
  /** ORDER BY on `b` */
  order: RawBuilder<unknown>;
  limit: number;
  offset: number;
  /** only the first matches in relevance (or newest) order count: what the reader can page through */
  window?: Window;
}

export interface SearchHit {
  id: number;
  rel: number;
  hitPages: number[];
  /** text of the first hit pages, for the snippet */
  pageTexts?: ReadonlyMap<number, string>;
}

export interface SearchResult {
  hits: SearchHit[];
  total: number;
  facets: Partial<Record<FacetName, Record<string, number>>>;
}

export interface Row {
  f: string;
  k: string | null;
  rel: number | string | null;
  n: number | string;
}

const TRUE = sql`1 = 1`;

const all = (parts: ReadonlyArray<RawBuilder<unknown> | undefined>) => {
  const list = parts.filter((p): p is RawBuilder<unknown> => Boolean(p));
  return list.length ? sql.join(list, sql` and `) : TRUE;
};

/** The statement of one search (rows of kind `row`, `total`, `ext`, `category`, `language`). */
export function searchQuery(db: Database, spec: SearchSpec): RawBuilder<Row> {
  const { filters: f } = spec;
  const cols = sql.join(spec.columns.map((c) => sql`t.${sql.ref(c)}`));
  const facet = (name: FacetName, key: RawBuilder<unknown>, others: FacetName[]) =>
    sql`select ${sql.lit(name)} as f, cast(${key} as text) as k, null as rel, count(*) as n
        from base b where ${all(others.map((o) => f[o]))} group by ${key}`;
  const facets: RawBuilder<unknown>[] = [];
  if (spec.facetKeys.ext) facets.push(facet('ext', spec.facetKeys.ext, ['category', 'language']));
  if (spec.links) {
    // links of the items in base, found by item id (scanning the link table is slower)
    const ids = sql`select b.id from base b where ${all([f.ext, f.language])}`;
    facets.push(sql`select 'category' as f, cast(l.category_id as text) as k, null as rel, count(*) as n
      from ${sql.table(spec.links.table)} l where l.${sql.ref(spec.links.column)} in (${ids}) group by l.category_id`);
  }
  if (spec.facetKeys.language) facets.push(facet('language', spec.facetKeys.language, ['ext', 'category']));

  // SQLite: CROSS JOIN keeps the matches as the outer loop, each item looked up by id (the
  // planner may otherwise walk a partial index of every live item and probe the matches)
  const join = dialectOf(db) === 'postgres' ? sql`join` : sql`cross join`;
  return sql<Row>`with matched as (${backendFor(db).matches(spec.kind, spec.terms, spec.window)}),
    base as materialized (
      select t.id, m.rel, ${cols} from matched m ${join} ${sql.table(spec.table)} t on t.id = m.ref_id
      where ${all(spec.where)}
    ),
    filtered as (select * from base b where ${all([f.ext, f.category, f.language])}),
    page as (
      select b.id, b.rel, row_number() over (order by ${spec.order}) as pos
      from filtered b order by ${spec.order} limit ${spec.limit} offset ${spec.offset}
    )
    select 'row' as f, cast(id as text) as k, rel, pos as n from page
    union all select 'total', '', null, (select count(*) from filtered)
    ${facets.length ? sql`union all ${sql.join(facets, sql` union all `)}` : sql``}`;
}

export async function runSearch(db: Database, spec: SearchSpec): Promise<SearchResult> {
  const { rows } = await searchQuery(db, spec).execute(db);

  const result: SearchResult = { hits: [], total: 0, facets: {} };
  const ordered: Array<{ id: number; rel: number; pos: number }> = [];
  for (const r of rows) {
    if (r.f === 'row') ordered.push({ id: Number(r.k), rel: Number(r.rel ?? 0), pos: Number(r.n) });
    else if (r.f === 'total') result.total = Number(r.n);
    else if (r.k) (result.facets[r.f as FacetName] ??= {})[r.k] = Number(r.n);
  }
  ordered.sort((a, b) => a.pos - b.pos);
  const pages = await hitPages(
    db,
    spec.kind,
    spec.terms,
    ordered.map((o) => o.id),
  );
  result.hits = ordered.map((o) => ({
    id: o.id,
    rel: o.rel,
    hitPages: pages.get(o.id)?.pages ?? [],
    pageTexts: pages.get(o.id)?.texts,
  }));
  return result;
}
