import { sql, type RawBuilder } from 'kysely';
import { EXT_GROUPS } from '../../domain/file-kind.ts';
import type { ArticleSearchQuery, DocumentSearchQuery } from '../../contract/search.ts';
import { ARTICLE_INDEXED_STATUS, DOC_INDEXED_STATUS } from './indexer.ts';
import type { Term } from './terms.ts';
import type { FacetName, SearchSpec } from './query.ts';
import { inList, orderBy, searchWindow, timeRange } from './search.helpers.ts';

/** What a document or article search asks of the database: visibility, filters, facets, order. */

const DOC_SORTS = ['pages', 'size', 'view_count', 'download_count', 'created_at'];
const ARTICLE_SORTS = ['view_count', 'created_at'];
const DOC_COLUMNS = ['ext', 'language', 'pages', 'size', 'view_count', 'download_count', 'created_at'];

/** The ext group (contract §4.13) of `b.ext`; '' for an extension outside the groups. */
const extCase = sql`case ${sql.join(
  Object.entries(EXT_GROUPS).map(
    ([group, exts]) => sql`when lower(b.ext) in (${sql.join(exts.map((e) => sql.lit(e)))}) then ${sql.lit(group)}`,
  ),
  sql` `,
)} else '' end`;

const categoryFilter = (table: string, column: string, ids: readonly number[] | undefined): RawBuilder<unknown> | undefined =>
  ids?.length
    ? sql`exists (select 1 from ${sql.table(table)} lc where lc.${sql.ref(column)} = b.id and lc.category_id in (${inList(ids)}))`
    : undefined;

const uploader = (ids: readonly number[] | undefined) => (ids?.length ? [sql`t.user_id in (${inList(ids)})`] : []);

export function documentSpec(
  q: DocumentSearchQuery,
  terms: readonly Term[],
  limit: number,
  offset: number,
  maxPages = 0,
): SearchSpec {
  const group = q.ext && q.ext in EXT_GROUPS ? EXT_GROUPS[q.ext as keyof typeof EXT_GROUPS] : undefined;
  const filters: Partial<Record<FacetName, RawBuilder<unknown>>> = {
    ext: group ? sql`lower(b.ext) in (${sql.join(group.map((e) => sql.lit(e)))})` : undefined,
    category: categoryFilter('document_categories', 'document_id', q.category_id),
    language: q.language?.length ? sql`b.language in (${inList(q.language)})` : undefined,
  };
  return {
    kind: 'doc',
    terms,
    table: 'documents',
    columns: DOC_COLUMNS,
    where: [sql`t.status = ${DOC_INDEXED_STATUS}`, sql`t.deleted_at is null`, ...timeRange(q.created_at), ...uploader(q.user_id)],
    filters,
    facetKeys: { ext: extCase, language: sql`b.language` },
    links: { table: 'document_categories', column: 'document_id' },
    order: orderBy(q.sort, DOC_SORTS),
    limit,
    offset,
    window: searchWindow(q.sort, maxPages),
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
    kind: 'article',
    terms,
    table: 'articles',
    columns: ['view_count', 'created_at'],
    where: [
      sql`t.status = ${ARTICLE_INDEXED_STATUS}`,
      sql`t.deleted_at is null`,
      ...timeRange(q.created_at),
      ...uploader(q.user_id),
    ],
    filters: { category: categoryFilter('article_categories', 'article_id', q.category_id) },
    facetKeys: {},
    links: { table: 'article_categories', column: 'article_id' },
    order: orderBy(q.sort, ARTICLE_SORTS),
    limit,
    offset,
    window: searchWindow(q.sort, maxPages),
  };
}
