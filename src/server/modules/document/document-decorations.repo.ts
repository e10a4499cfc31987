import { sql, type RawBuilder } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { Database } from '../../db/db.ts';
import type { CategoryEntry } from '../category/category.repo.ts';
import type { Decorations } from './document.view.ts';

// What a list reads with its document rows for decorate() (document.view.ts): each document's
// linked category ids and its users' names, as columns of the same statement. The home page's
// blocks and the sitemap read the linked category ids the same way.

/**
 * The ids of the categories the document `itemId` (a column reference) is linked to, or the
 * article's with `links` article_categories: an array on PostgreSQL, JSON text on SQLite.
 */
export function linkedCategoryIds(
  db: Database,
  itemId: RawBuilder<unknown>,
  links: 'document_categories' | 'article_categories' = 'document_categories',
): RawBuilder<LinkedIds> {
  const agg = dialectOf(db) === 'postgres' ? 'array_agg' : 'json_group_array';
  const column = links === 'document_categories' ? 'document_id' : 'article_id';
  return sql<LinkedIds>`(select ${sql.raw(agg)}(l.category_id) from ${sql.table(links)} l where l.${sql.ref(column)} = ${itemId})`;
}
export type LinkedIds = string | number[] | null;
/** What linkedCategoryIds() read, as numbers. */
export const linkedIds = (v: LinkedIds): number[] => (typeof v === 'string' ? (JSON.parse(v) as number[]) : (v ?? []));

/** What decorate() adds, as columns of a documents row read under `alias`: its linked category ids and its users' names. */
export function decorationColumns(db: Database, alias: string) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const nameOf = (name: string) => sql<string | null>`(select u.username from users u where u.id = ${column(name)})`;
  return [
    linkedCategoryIds(db, column('id')).as('link_ids'),
    nameOf('user_id').as('user_name'),
    nameOf('deleted_user_id').as('deleted_user_name'),
  ];
}

interface DecorationColumns {
  link_ids: LinkedIds;
  user_name: string | null;
  deleted_user_name: string | null;
}
type Owned = { id: number; user_id: number; deleted_user_id: number };

/** Rows read with decorationColumns(), split into the rows and their decorations (titles and parents from the kept categories map). */
export function splitDecorations<R extends Owned & DecorationColumns>(
  found: R[],
  byId: Map<number, CategoryEntry>,
): { rows: Array<Omit<R, keyof DecorationColumns>>; decorations: Decorations } {
  const decorations: Decorations = { links: [], names: new Map() };
  const rows = found.map(({ link_ids, user_name, deleted_user_name, ...row }) => {
    for (const id of linkedIds(link_ids)) {
      const c = byId.get(id);
      if (c) decorations.links.push({ document_id: row.id, id, title: c.title, parent_id: c.parent_id });
    }
    if (user_name !== null) decorations.names.set(row.user_id, user_name);
    if (deleted_user_name !== null) decorations.names.set(row.deleted_user_id, deleted_user_name);
    return row;
  });
  return { rows, decorations };
}
