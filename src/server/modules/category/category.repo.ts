import { nowIso } from '../../db/dialect.ts';
import type { CategoryRow } from '../../db/schema.ts';
import { likeAny, paginate } from '../../http/list.ts';
import { bools, flag } from '../../http/wire.ts';
import type { Category, CategoryInput, CategoryListQuery, CategoryUpdate } from '../../../contract/category.ts';
import { Repo } from '../../db/repo.ts';
import type { Database } from '../../db/db.ts';
import { versionedValue } from '../../db/versioned-value.ts';
import { deleteNodes, subtree } from '../../db/tree.ts';

// the routes check a new parent against it
export { subtree };

export type CategoryEntry = { id: number; parent_id: number; type: number; doc_count: number; title: string };

const tables = new WeakMap<Database, () => Promise<Map<number, CategoryEntry>>>();

/**
 * Every category by id (a few hundred rows), read again once categories changed: document lists
 * choose their plan by a category's size and show documents' categories top first by their
 * parents. On PostgreSQL the version check is the one the request made already (read-scope.ts).
 */
export function categoriesById(db: Database): Promise<Map<number, CategoryEntry>> {
  let get = tables.get(db);
  if (!get) {
    const read = async () => {
      const rows = await db.selectFrom('categories').select(['id', 'parent_id', 'type', 'doc_count', 'title']).execute();
      return new Map(rows.map((r) => [r.id, r]));
    };
    tables.set(db, (get = versionedValue(db, ['categories'], read)));
  }
  return get();
}

export const CATEGORY_COLUMNS = [
  'id',
  'parent_id',
  'title',
  'doc_count',
  'sort',
  'enable',
  'cover',
  'icon',
  'description',
  'show_description',
  'type',
  'created_at',
  'updated_at',
] as const;
type CategoryColumn = (typeof CATEGORY_COLUMNS)[number];

export const toCategory = <T extends Partial<CategoryRow>>(r: T): Partial<Category> => bools(r, ['enable', 'show_description']);

type Node = Pick<CategoryRow, 'id' | 'parent_id' | 'doc_count'>;

export class CategoryRepo extends Repo {
  get(id: number): Promise<CategoryRow | undefined> {
    return this.findBy('categories', { id });
  }

  findTitle(parentId: number, type: number, title: string): Promise<{ id: number } | undefined> {
    return this.findBy('categories', { parent_id: parentId, type, title });
  }

  /** One category per title; titles already present under the same parent and type are skipped. Returns the inserted ids. */
  createMany(titles: string[], input: Omit<CategoryInput, 'title'>): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('categories')
        .select('title')
        .where('parent_id', '=', input.parent_id)
        .where('type', '=', input.type)
        .where('title', 'in', titles)
        .execute();
      const fresh = titles.filter((t) => !existing.some((e) => e.title === t));
      if (!fresh.length) return [];
      const now = nowIso();
      const rows = await trx
        .insertInto('categories')
        .values(
          fresh.map((title) => ({
            ...input,
            title,
            doc_count: 0,
            enable: flag(input.enable),
            show_description: flag(input.show_description),
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      return rows.map((r) => Number(r.id));
    });
  }

  async update(input: CategoryUpdate): Promise<void> {
    const { id, ...rest } = input;
    await this.db
      .updateTable('categories')
      .set({ ...rest, enable: flag(rest.enable), show_description: flag(rest.show_description), updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  nodes(): Promise<Node[]> {
    return this.db.selectFrom('categories').select(['id', 'parent_id', 'doc_count']).execute();
  }

  /**
   * Deletes the given categories with their descendants, except those holding documents:
   * a category is kept while it or any of its descendants still has a document. Returns the deleted ids.
   */
  deleteTree(ids: number[]): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const all = await trx.selectFrom('categories').select(['id', 'parent_id', 'doc_count']).execute();
      const doomed = subtree(all, ids);
      // keep every ancestor (inside the doomed set) of a category that has documents
      for (const r of all) {
        if (!doomed.has(r.id) || r.doc_count <= 0) continue;
        let cur: Node | undefined = r;
        while (cur && doomed.has(cur.id)) {
          doomed.delete(cur.id);
          const parentId: number = cur.parent_id;
          cur = all.find((x) => x.id === parentId);
        }
      }
      return deleteNodes(trx, 'categories', doomed);
    });
  }

  list(q: CategoryListQuery & { fields: CategoryColumn[]; enabledOnly: boolean }): Promise<Partial<CategoryRow>[]> {
    let query = this.db.selectFrom('categories').select(q.fields);
    const types = q.type?.length ? q.type : [0];
    query = query.where('type', 'in', types);
    if (q.parent_id?.length) query = query.where('parent_id', 'in', q.parent_id);
    if (q.enabledOnly) query = query.where('enable', '=', 1);
    else if (q.enable?.length) query = query.where('enable', 'in', [...new Set(q.enable.map((b) => (b ? 1 : 0)))]);
    if (q.wd?.trim()) {
      query = query.where(likeAny(['title', 'description'], q.wd));
    }
    query = query.orderBy('parent_id', 'asc').orderBy('sort', 'desc').orderBy('title', 'asc').orderBy('id', 'asc');
    return paginate(query, q.page, q.size).execute();
  }
}
