import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Updateable } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { ArticleRow, ArticlesTable, DB } from '../../db/schema.ts';
import { ATTACHMENT_TYPE } from '../../../contract/upload.ts';
import { ArticleCategoryRepo } from './article-category.repo.ts';
import { FavoriteRepo } from '../document/favorite.repo.ts';
import { FAVORITE_TYPE } from '../../../domain/status.ts';
import { Repo } from '../../db/repo.ts';

export type NewArticle = Omit<Insertable<ArticlesTable>, 'created_at' | 'updated_at'>;
export type ArticlePatch = Pick<
  Updateable<ArticlesTable>,
  'title' | 'keywords' | 'description' | 'content' | 'author' | 'status' | 'reject_reason' | 'recommend_at'
>;

/** Addresses of this site's uploads used as src/poster in some HTML. */
export function uploadPaths(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/\s(?:src|poster)="(\/uploads\/[0-9a-f/]+\.[a-z0-9]{1,8})"/g)) out.add(m[1]);
  return [...out].slice(0, 500);
}

/** Files uploaded through the editor that this article now shows become its attachments (no longer "unused"). */
async function claimMedia(trx: Kysely<DB>, articleId: number, html: string): Promise<void> {
  const paths = uploadPaths(html);
  if (!paths.length) return;
  await trx
    .updateTable('attachments')
    .set({ type_id: articleId, updated_at: nowIso() })
    .where('type', '=', ATTACHMENT_TYPE.article)
    .where('type_id', '=', 0)
    .where('deleted_at', 'is', null)
    .where('path', 'in', paths)
    .execute();
}

export class ArticleRepo extends Repo {
  /** A live (not deleted) article, or with `deleted` a recycled one too. */
  byId(id: number, deleted = false): Promise<ArticleRow | undefined> {
    let q = this.db.selectFrom('articles').selectAll().where('id', '=', id);
    if (!deleted) q = q.where('deleted_at', 'is', null);
    return q.executeTakeFirst();
  }

  byIdentifier(identifier: string): Promise<ArticleRow | undefined> {
    return this.db
      .selectFrom('articles')
      .selectAll()
      .where('identifier', '=', identifier)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Live articles among the ids, or recycled ones with `deleted`. */
  some(ids: number[], deleted = false): Promise<Array<Pick<ArticleRow, 'id' | 'user_id' | 'status' | 'title'>>> {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('articles')
      .select(['id', 'user_id', 'status', 'title'])
      .where('id', 'in', ids)
      .where('deleted_at', deleted ? 'is not' : 'is', null)
      .execute();
  }

  /** Whether any article, recycled ones included, has this identifier. */
  async existingIdentifiers(identifiers: string[]): Promise<string[]> {
    const rows = await this.db.selectFrom('articles').select('identifier').where('identifier', 'in', identifiers).execute();
    return rows.map((r) => r.identifier);
  }

  /** Adds articles of one author and counts them on the author; on the caller's transaction (the seed's). */
  async addByAuthor(userId: number, rows: Array<Insertable<ArticlesTable>>): Promise<void> {
    await this.db.insertInto('articles').values(rows).execute();
    await this.db
      .updateTable('users')
      .set((eb) => ({ article_count: eb('article_count', '+', rows.length) }))
      .where('id', '=', userId)
      .execute();
  }

  async identifierTaken(identifier: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('articles').select('id').where('identifier', '=', identifier).executeTakeFirst());
  }

  /** 16 random hex characters not used by any article. */
  async freshIdentifier(): Promise<string> {
    for (;;) {
      const id = randomBytes(8).toString('hex');
      if (!(await this.identifierTaken(id))) return id;
    }
  }

  /** Inserts the article, files it under its categories and counts it for its author, in one transaction. */
  create(values: NewArticle, categoryIds: number[]): Promise<ArticleRow> {
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await trx
        .insertInto('articles')
        .values({ ...values, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      const links = new ArticleCategoryRepo(trx);
      await links.relink([row.id], categoryIds);
      await links.countAuthors([row], 1);
      await claimMedia(trx, row.id, row.content);
      return row;
    });
  }

  update(id: number, patch: ArticlePatch, categoryIds: number[]): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('articles')
        .set({ ...patch, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
      await new ArticleCategoryRepo(trx).relink([id], categoryIds);
      if (patch.content) await claimMedia(trx, id, patch.content);
    });
  }

  bumpView(id: number): Promise<unknown> {
    return this.db
      .updateTable('articles')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Moves live articles to the recycle bin; their categories and authors count them no more. Returns the moved ids. */
  softDelete(ids: number[], byUser: number): Promise<number[]> {
    return this.moveBin(ids, 'in', byUser);
  }

  /** Brings recycled articles back with their counters. Returns the restored ids. */
  restore(ids: number[]): Promise<number[]> {
    return this.moveBin(ids, 'out', 0);
  }

  /** Moves the articles into or out of the recycle bin that are not there yet, with their counters. */
  private moveBin(ids: number[], way: 'in' | 'out', byUser: number): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('articles')
        .select(['id', 'user_id'])
        .where('id', 'in', ids)
        .where('deleted_at', way === 'in' ? 'is' : 'is not', null)
        .orderBy('id')
        .execute();
      if (!rows.length) return [];
      const moved = rows.map((r) => r.id);
      const now = nowIso();
      await trx
        .updateTable('articles')
        .set({ deleted_at: way === 'in' ? now : null, deleted_user_id: byUser, updated_at: now })
        .where('id', 'in', moved)
        .execute();
      await new ArticleCategoryRepo(trx).countLive(rows, way === 'in' ? -1 : 1);
      return moved;
    });
  }

  /**
   * Deletes recycled articles for good (all of them when `ids` is absent): their category links and
   * favorites go (with the favoriters' counters), their uploaded media become unused attachments. Returns the deleted ids.
   */
  purge(ids?: number[]): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('articles').select('id').where('deleted_at', 'is not', null);
      if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
      const doomed = (await q.orderBy('id').execute()).map((r) => r.id);
      const now = nowIso();
      for (let i = 0; i < doomed.length; i += 500) {
        const part = doomed.slice(i, i + 500);
        await trx.deleteFrom('article_categories').where('article_id', 'in', part).execute();
        await new FavoriteRepo(trx).dropAllOf(FAVORITE_TYPE.article, part);
        await trx
          .updateTable('attachments')
          .set({ deleted_at: now, updated_at: now })
          .where('type', '=', ATTACHMENT_TYPE.article)
          .where('type_id', 'in', part)
          .where('deleted_at', 'is', null)
          .execute();
        await trx.deleteFrom('articles').where('id', 'in', part).execute();
      }
      return doomed;
    });
  }

  /** Review: the status with its reason (kept only for a rejection). Returns the live ids touched. */
  async setStatus(ids: number[], status: number, reason: string): Promise<number[]> {
    const rows = await this.db
      .updateTable('articles')
      .set({ status, reject_reason: reason, updated_at: nowIso() })
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  /** Recommends now (again, moving to the top) or withdraws the recommendation. Returns the live ids touched. */
  async setRecommend(ids: number[], on: boolean): Promise<number[]> {
    const now = nowIso();
    const rows = await this.db
      .updateTable('articles')
      .set({ recommend_at: on ? now : null, updated_at: now })
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  /** Files live articles under the same categories, counters included. Returns the ids touched. */
  setCategories(ids: number[], categoryIds: number[]): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const live = (
        await trx
          .selectFrom('articles')
          .select('id')
          .where('id', 'in', ids)
          .where('deleted_at', 'is', null)
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
      await new ArticleCategoryRepo(trx).relink(live, categoryIds);
      if (live.length) await trx.updateTable('articles').set({ updated_at: nowIso() }).where('id', 'in', live).execute();
      return live;
    });
  }
}
