import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/db.ts';
import type { Kind } from './backend.ts';
import { ARTICLE_INDEXED_STATUS, DOC_INDEXED_STATUS } from './index-sources.ts';

/**
 * Finds items the index does not reflect: indexable ones without a `search_refs` row, indexed
 * ones whose `updated_at` or status changed or that were soft-deleted, and refs whose item is
 * gone. Either over an id range (the full pass walks all ids in slices, so other queries get
 * the connection in between) or over items updated since a time (served by the updated_at index).
 */

export interface Source {
  kind: Kind;
  table: 'documents' | 'articles';
  /** the one status that is indexed */
  status: number;
}

export const DOCUMENTS: Source = { kind: 'doc', table: 'documents', status: DOC_INDEXED_STATUS };
export const ARTICLES: Source = { kind: 'article', table: 'articles', status: ARTICLE_INDEXED_STATUS };

export type Scope = { from: number; to: number } | { since: string };

async function changed(db: Database, src: Source, where: RawBuilder<unknown>, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select t.id from ${sql.table(src.table)} t
    left join search_refs r on r.kind = ${src.kind} and r.ref_id = t.id
    where ${where} and (
      (r.ref_id is null and t.status = ${src.status} and t.deleted_at is null)
      or (r.ref_id is not null and (r.source_updated_at <> t.updated_at or r.status <> t.status or t.deleted_at is not null))
    )
    limit ${limit}`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** Ids to (re)index or take out within the scope, at most `limit` of each sort. */
export async function staleIds(db: Database, src: Source, scope: Scope, limit: number): Promise<number[]> {
  if ('since' in scope) return changed(db, src, sql`t.updated_at >= ${scope.since}`, limit);
  const ids = await changed(db, src, sql`t.id > ${scope.from} and t.id <= ${scope.to}`, limit);
  const { rows } = await sql<{ id: number }>`
    select r.ref_id as id from search_refs r left join ${sql.table(src.table)} t on t.id = r.ref_id
    where r.kind = ${src.kind} and r.ref_id > ${scope.from} and r.ref_id <= ${scope.to} and t.id is null
    limit ${limit}`.execute(db);
  return [...ids, ...rows.map((r) => Number(r.id))];
}

/** The highest id among the items and their refs (where a full pass ends). */
export async function maxId(db: Database, src: Source): Promise<number> {
  const { rows } = await sql<{ n: number | string | null }>`
    select max(n) as n from (
      select max(id) as n from ${sql.table(src.table)}
      union all select max(ref_id) from search_refs where kind = ${src.kind}
    ) x`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
