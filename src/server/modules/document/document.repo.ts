import type { Insertable, Updateable } from 'kysely';
import { Repo } from '../../db/repo.ts';
import { nowIso } from '../../db/dialect.ts';
import type { DocumentsTable } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { ATTACHMENT_TYPE } from '../../../contract/upload.ts';
import { isPublic } from './document.status.ts';
import { DOCUMENT_COLUMNS, type DocumentView } from './document.view.ts';

/** The ISO time of today's local midnight: "today" of the daily limits. */
export function startOfToday(): string {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
}

/** Documents, their category links and the counters those links keep (categories, owners). */
export class DocumentRepo extends Repo {
  find(by: { id?: number; uuid?: string }): Promise<DocumentView | undefined> {
    if (!by.id && !by.uuid) return Promise.resolve(undefined);
    let q = this.db.selectFrom('documents').select(DOCUMENT_COLUMNS);
    q = by.id ? q.where('id', '=', by.id) : q.where('uuid', '=', by.uuid!);
    return q.executeTakeFirst();
  }

  /** The ids of the public documents (isPublic, not recycled) among these uuids, in no order. */
  async publicIdsByUuid(uuids: readonly string[]): Promise<number[]> {
    if (!uuids.length) return [];
    const live = this.db.selectFrom('documents').select(['id', 'status']).where('deleted_at', 'is', null);
    const rows = await live.where('uuid', 'in', uuids).execute();
    return rows.filter((r) => isPublic(r.status)).map((r) => r.id);
  }

  /** Live (not recycled) documents with these ids. */
  live(ids: number[]): Promise<DocumentView[]> {
    return ids.length
      ? this.db.selectFrom('documents').select(DOCUMENT_COLUMNS).where('id', 'in', ids).where('deleted_at', 'is', null).execute()
      : Promise.resolve([]);
  }

  /** Every id the request names must be a live document: 404 naming the first missing one otherwise. */
  async requireLive(ids: number[]): Promise<DocumentView[]> {
    const unique = [...new Set(ids)];
    const rows = await this.live(unique);
    const missing = unique.find((id) => !rows.some((r) => r.id === id));
    if (missing) throw notFound(`文档不存在（ID ${missing}）`);
    return rows;
  }

  /**
   * The given document categories with all their ancestors: a document is linked to every
   * category on its path from the top. 400 when one is missing or is not a document category.
   */
  async categoryPaths(ids: number[]): Promise<number[]> {
    const all = await this.db.selectFrom('categories').select(['id', 'parent_id', 'type']).execute();
    const byId = new Map(all.map((c) => [c.id, c]));
    const out = new Set<number>();
    for (const id of ids) {
      let cur = byId.get(id);
      if (!cur || cur.type !== 0) throw badRequest(`文档分类不存在（ID ${id}）`);
      while (cur && !out.has(cur.id)) {
        out.add(cur.id);
        cur = cur.parent_id ? byId.get(cur.parent_id) : undefined;
      }
    }
    return [...out];
  }

  /** The ids of the categories a document is linked to. */
  async categoryIdsOf(docId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('document_categories').select('category_id').where('document_id', '=', docId).execute();
    return rows.map((r) => r.category_id);
  }

  /** Adds `delta` per link to the doc_count of every category the documents are linked to. */
  async moveCategoryCounts(docIds: number[], delta: number): Promise<void> {
    if (!docIds.length) return;
    const rows = await this.db
      .selectFrom('document_categories')
      .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('document_id', 'in', docIds)
      .groupBy('category_id')
      .execute();
    for (const r of rows) {
      const by = delta * r.n;
      await this.db
        .updateTable('categories')
        .set((eb) => ({ doc_count: eb('doc_count', '+', by) }))
        .where('id', '=', r.category_id)
        .execute();
    }
  }

  /** Adds `delta` per document to each owner's doc_count. */
  moveUserCounts(docs: Array<{ user_id: number }>, delta: number): Promise<void> {
    return this.addToOwners('doc_count', docs, delta);
  }

  /**
   * Replaces the category links of the documents with `categoryIds` (already expanded to paths).
   * For live documents the category counts follow (`counted`); recycled ones hold no counts.
   */
  async relinkCategories(docIds: number[], categoryIds: number[], counted: boolean): Promise<void> {
    if (!docIds.length) return;
    if (counted) await this.moveCategoryCounts(docIds, -1);
    await this.db.deleteFrom('document_categories').where('document_id', 'in', docIds).execute();
    const now = nowIso();
    const rows = docIds.flatMap((document_id) =>
      categoryIds.map((category_id) => ({ document_id, category_id, created_at: now })),
    );
    if (rows.length) await this.db.insertInto('document_categories').values(rows).execute();
    if (counted) await this.moveCategoryCounts(docIds, 1);
  }

  /** Whether a language code exists (any state). */
  async languageExists(code: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('languages').select('id').where('code', '=', code).executeTakeFirst());
  }

  /** The user's uploaded document files among `ids` that no document has taken yet. */
  publishableAttachments(userId: number, ids: number[]) {
    return this.db
      .selectFrom('attachments')
      .select(['id', 'hash', 'ext', 'size'])
      .where('id', 'in', ids)
      .where('user_id', '=', userId)
      .where('type', '=', ATTACHMENT_TYPE.document)
      .where('type_id', '=', 0)
      .where('enable', '=', 1)
      .where('deleted_at', 'is', null)
      .execute();
  }

  insert(values: Insertable<DocumentsTable>) {
    return this.db.insertInto('documents').values(values).returning(['id', 'uuid', 'title', 'status']).executeTakeFirstOrThrow();
  }

  /** The request that published a document, for its conversion log lines (convert/worker.ts reads it). */
  async rememberRequest(documentId: number, requestId: string): Promise<void> {
    await this.db.insertInto('document_requests').values({ document_id: documentId, request_id: requestId }).execute();
  }

  /** Links an attachment to its document; false when another document took it first. */
  async takeAttachment(attachmentId: number, documentId: number, now: string): Promise<boolean> {
    const took = await this.db
      .updateTable('attachments')
      .set({ type_id: documentId, updated_at: now })
      .where('id', '=', attachmentId)
      .where('type_id', '=', 0)
      .executeTakeFirst();
    return Number(took.numUpdatedRows) === 1;
  }

  /** Deletes the document's attachment rows but `keepId` (its new file); a disabled one stays: it bans the file. */
  async dropFormerAttachments(documentId: number, keepId: number): Promise<void> {
    await this.db
      .deleteFrom('attachments')
      .where('type', '=', ATTACHMENT_TYPE.document)
      .where('type_id', '=', documentId)
      .where('id', '!=', keepId)
      .where('enable', '=', 1)
      .execute();
  }

  /** Sets the given columns of one document or several (updated_at included by the caller). */
  async update(ids: number | number[], values: Updateable<DocumentsTable>): Promise<void> {
    const q = this.db.updateTable('documents').set(values);
    await (typeof ids === 'number' ? q.where('id', '=', ids) : q.where('id', 'in', ids)).execute();
  }

  /** Moves live documents among `ids` to the recycle bin; the ones moved. */
  softDelete(ids: number[], by: number) {
    const now = nowIso();
    return this.db
      .updateTable('documents')
      .set({ deleted_at: now, deleted_user_id: by, updated_at: now })
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .returning(['id', 'user_id', 'title'])
      .execute();
  }

  /** 0 takes the recommendation back, 1 recommends (recommended ones stay), 2 refreshes the time. */
  async recommend(ids: number[], type: number): Promise<void> {
    const now = nowIso();
    let q = this.db
      .updateTable('documents')
      .set({ recommend_at: type === 0 ? null : now, updated_at: now })
      .where('id', 'in', ids);
    if (type === 1) q = q.where('recommend_at', 'is', null);
    await q.execute();
  }

  /**
   * The extracted text of a file's pages in order: up to page `last`, at most `limit` pages
   * (undefined: no bound).
   */
  async pageTexts(hash: string, last: number, limit?: number): Promise<string[]> {
    let q = this.db.selectFrom('document_pages').select('text').where('hash', '=', hash).orderBy('page', 'asc');
    if (Number.isFinite(last)) q = q.where('page', '<=', last);
    if (limit) q = q.limit(limit);
    return (await q.execute()).map((p) => p.text);
  }

  /** The text of pages `from`…`last` of a file. */
  pages(hash: string, from: number, last: number) {
    return this.db
      .selectFrom('document_pages')
      .select(['page', 'text'])
      .where('hash', '=', hash)
      .where('page', '>=', from)
      .where('page', '<=', last)
      .orderBy('page', 'asc')
      .execute();
  }
}
