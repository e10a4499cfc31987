import { sql } from 'kysely';
import { DYNAMIC_TYPES as T } from '../../../contract/dynamic.ts';
import { Repo } from '../../db/repo.ts';

/** One entry of a user's feed: what happened (type), to which row, when. */
export interface FeedRow {
  type: number;
  ref_id: number;
  /** documents, or articles for comments and favourites of type 1 */
  target_id: number;
  target_type: number;
  at: string;
}

/**
 * A user's activity, read from the rows it left behind (Wenku keeps no separate feed table):
 * registering, uploads, deletions, downloads, comments and favourites.
 */
const feed = (userId: number) => sql<FeedRow>`
  select ${T.register} as type, id as ref_id, 0 as target_id, 0 as target_type, created_at as at from users where id = ${userId}
  union all select ${T.upload}, id, id, 0, created_at from documents where user_id = ${userId}
  union all select ${T.deleteDocument}, id, id, 0, deleted_at from documents where deleted_user_id = ${userId} and deleted_at is not null
  union all select ${T.download}, id, document_id, 0, created_at from downloads where user_id = ${userId}
  union all select ${T.comment}, id, document_id, type, created_at from comments where user_id = ${userId}
  union all select ${T.favorite}, id, document_id, type, created_at from favorites where user_id = ${userId}`;

export class DynamicRepo extends Repo {
  async count(userId: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(*) as n from (${feed(userId)}) f`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  async page(userId: number, page: number, size: number): Promise<FeedRow[]> {
    const { rows } = await sql<FeedRow>`select * from (${feed(userId)}) f
      order by at desc, type desc, ref_id desc limit ${size} offset ${(page - 1) * size}`.execute(this.db);
    return rows.map((r) => ({
      ...r,
      type: Number(r.type),
      ref_id: Number(r.ref_id),
      target_id: Number(r.target_id),
      target_type: Number(r.target_type),
    }));
  }

  async username(userId: number): Promise<string> {
    const row = await this.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
    return row?.username ?? '';
  }

  /** The documents and articles the entries point at, with their category links (four queries at most). */
  async targets(docIds: number[], articleIds: number[]) {
    const db = this.db;
    const [docs, docLinks, articles, articleLinks] = await Promise.all([
      docIds.length ? db.selectFrom('documents').select(['id', 'uuid', 'title']).where('id', 'in', docIds).execute() : [],
      this.categoryLinks('document', docIds),
      articleIds.length
        ? db.selectFrom('articles').select(['id', 'identifier', 'title']).where('id', 'in', articleIds).execute()
        : [],
      this.categoryLinks('article', articleIds),
    ]);
    return { docs, docLinks, articles, articleLinks };
  }

  /** Category ids (ascending) of documents or articles, by their id. */
  private categoryLinks(kind: 'document' | 'article', ids: number[]): Promise<Map<number, number[]>> {
    return this.linkMap(`${kind}_categories`, `${kind}_id`, 'category_id', ids, 'linked');
  }
}
