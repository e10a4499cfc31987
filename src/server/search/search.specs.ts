import { sql } from 'kysely';
import { EXT_GROUPS } from '../../domain/file-kind.ts';
import type { ArticleSearchQuery, DocumentSearchQuery } from '../../contract/search.ts';
import { ARTICLE_INDEXED_STATUS, DOC_INDEXED_STATUS } from './index-sources.ts';
import type { Term } from './terms.ts';
import type { SearchSpec, Sort } from './query.ts';
import { searchWindow, sortOf, timeRange } from './search.helpers.ts';
import { inList } from './sql-list.ts';

/** What a document or article search asks of the database: visibility, filters, facets, order. */

const DOC_SORTS = ['pages', 'size', 'view_count', 'download_count', 'created_at'];
const ARTICLE_SORTS = ['view_count', 'created_at'];

/** The ext group (contract §4.13) of a lower-case extension; '' for one outside the groups. */
const GROUP_OF = new Map<string, string>(
  Object.entries(EXT_GROUPS).flatMap(([group, exts]) => exts.map((e) => [e, group] as const)),
);
const extGroup = (ext: string): string => GROUP_OF.get(ext) ?? '';

/** The item column an order needs read (none for relevance and newest first). */
const sortColumns = (sort: Sort): string[] => (sort.key === 'rel' || sort.key === 'id' ? [] : [sort.key]);

const uploader = (ids: readonly number[] | undefined) => (ids?.length ? [sql`t.user_id in (${inList(ids)})`] : []);

const set = <T>(list: readonly T[] | undefined): ReadonlySet<T> | undefined => (list?.length ? new Set(list) : undefined);

/** What both kinds ask alike: their visible rows, time range and uploader, order and window. */
function commonSpec(
  kind: 'doc' | 'article',
  q: DocumentSearchQuery | ArticleSearchQuery,
  sorts: readonly string[],
  page: { terms: readonly Term[]; limit: number; offset: number; maxPages: number },
) {
  const [table, indexed] =
    kind === 'doc' ? (['documents', DOC_INDEXED_STATUS] as const) : (['articles', ARTICLE_INDEXED_STATUS] as const);
  const sort = sortOf(q.sort, sorts);
  return {
    kind,
    terms: page.terms,
    table,
    columns: sortColumns(sort),
    where: [...timeRange(q.created_at), ...uploader(q.user_id)],
    visible: [sql`t.status = ${indexed}`, sql`t.deleted_at is null`],
    sort,
    limit: page.limit,
    offset: page.offset,
    window: searchWindow(q.sort, page.maxPages),
  };
}

export function documentSpec(
  q: DocumentSearchQuery,
  terms: readonly Term[],
  limit: number,
  offset: number,
  maxPages = 0,
): SearchSpec {
  const group = q.ext && q.ext in EXT_GROUPS ? EXT_GROUPS[q.ext as keyof typeof EXT_GROUPS] : undefined;
  return {
    ...commonSpec('doc', q, DOC_SORTS, { terms, limit, offset, maxPages }),
    tables: ['documents', 'document_categories', 'search_facets'],
    filters: {
      ext: set(group?.map((e) => e.toLowerCase())),
      category: set(q.category_id),
      language: set(q.language),
    },
    facets: ['ext', 'category', 'language'],
    extGroup,
  };
}

export function articleSpec(
  q: ArticleSearchQuery,
  terms: readonly Term[],
  limit: number,
  offset: number,
  maxPages = 0,
): SearchSpec {
  return {
    ...commonSpec('article', q, ARTICLE_SORTS, { terms, limit, offset, maxPages }),
    tables: ['articles', 'article_categories', 'search_facets'],
    filters: { category: set(q.category_id) },
    facets: ['category'],
  };
}
