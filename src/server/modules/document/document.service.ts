import type { AppContext } from '../../context.ts';
import { leadingTexts, refreshDescriptions } from '../../convert/description.ts';
import { markForReconvert } from '../../convert/queue.ts';
import { reuseConvertedPages } from '../../convert/reuse.ts';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { FREE_VIP_DOCUMENT } from '../../../domain/money.ts';
import { indexDocument } from '../../search/indexer.ts';
import { changeCredit } from '../credit/credit.repo.ts';
import { NotificationRepo } from '../notification/notification.repo.ts';
import type { DocumentUpdate } from '../../../contract/document.ts';
import { DocumentRepo } from './document.repo.ts';
import { normalizeKeywords, rewardUploads } from './publish.service.ts';
import { assertTransition, STATUS } from './document.status.ts';
import { samePublicPages } from './public-text.ts';
import { replaceFile } from './replace-file.service.ts';
import { removeStoredFiles } from './stored-file.ts';
import { needsReview } from './upload-right.ts';
import type { DocumentView } from './document.view.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

export const NOT_FOUND_OR_DENIED = '文档不存在或没有权限';

/**
 * Moves documents to `to` through the status machine (400 on a refused change, which rolls the
 * whole transaction back); the uploaders are notified of approvals and rejections (with `reason`). Approving (0) or enabling (2) lands on 2 when the document already has
 * pages, else on 0 — and then on 2 at once when the same file is already converted.
 */
export async function applyStatus(ctx: AppContext, trx: Database, docs: DocumentView[], to: number, reason = ''): Promise<void> {
  const now = nowIso();
  const repo = new DocumentRepo(trx);
  for (const doc of docs) {
    if (doc.status === to) continue;
    assertTransition(doc, to);
    const target = to === STATUS.pending || to === STATUS.converted ? (doc.pages > 0 ? STATUS.converted : STATUS.pending) : to;
    await repo.update(doc.id, { status: target, updated_at: now });
    if (target === STATUS.pending) await reuseConvertedPages({ db: trx, settings: ctx.settings, storage: ctx.storage }, doc);
    // the upload reward waits for the approval (rewardUploads pays each document once)
    const approved = REVIEWED.includes(doc.status) && APPROVED.includes(target);
    if (approved) await rewardUploads(trx, ctx, doc.user_id, [doc]);
    // the uploader learns the outcome of the review in his member centre
    if (approved || target === STATUS.rejected) {
      const title = `您的文档《${doc.title}》${approved ? '已通过审核' : '未通过审核'}`;
      await new NotificationRepo(trx).notify([
        { userId: doc.user_id, kind: 'document', targetId: doc.id, title, content: approved ? '' : reason },
      ]);
    }
  }
}

const REVIEWED: readonly number[] = [STATUS.review, STATUS.rejected];
const APPROVED: readonly number[] = [STATUS.pending, STATUS.converted];

/**
 * An uploader's edit goes back to review when his groups need review (as his uploads do) and it
 * changes what review covers (reviewedChange); a rejected document is resubmitted by any edit; a
 * disabled one stays disabled. While the converter holds the document the edit is refused, as it
 * would publish the result.
 */
async function uploaderResubmits(
  ctx: AppContext,
  me: number,
  doc: DocumentView,
  changesReviewed: () => Promise<boolean>,
): Promise<boolean> {
  if (doc.status === STATUS.review || doc.status === STATUS.disabled) return false;
  const resubmit = doc.status === STATUS.rejected || ((await needsReview(ctx.db, me)) && (await changesReviewed()));
  if (resubmit && doc.status === STATUS.converting) throw badRequest('文档正在转换中，请转换完成后再修改');
  return resubmit;
}

/**
 * Whether an edit changes what a reviewer approved: what readers see of the document besides the
 * file — title, keywords, description and categories. Price, language and the VIP mark are the
 * uploader's business and keep the document published (the member's edit dialog says the same).
 */
async function reviewedChange(
  ctx: AppContext,
  doc: DocumentView,
  input: DocumentUpdate,
  categoryIds?: number[],
): Promise<boolean> {
  if (input.title !== undefined && input.title !== doc.title) return true;
  if (input.keywords !== undefined && normalizeKeywords(input.keywords) !== doc.keywords) return true;
  if (input.description !== undefined && input.description !== doc.description) return true;
  if (!categoryIds) return false;
  const now = new Set(await ctx.repos.document.categoryIdsOf(doc.id));
  return now.size !== categoryIds.length || categoryIds.some((id) => !now.has(id));
}

/**
 * PUT /document: the owner or a holder of 更新文档; `status` only for holders (an uploader's edit
 * may send the document back to review, see uploaderResubmits). One transaction.
 * A price change that changes which pages' text is public (free ↔ paid) rewrites a description
 * the site wrote and re-indexes the document at once.
 */
export async function updateDocument(ctx: AppContext, me: number, holder: boolean, input: DocumentUpdate): Promise<void> {
  const doc = await ctx.repos.document.find({ id: input.id });
  if (!doc || doc.deleted_at || (!holder && doc.user_id !== me)) throw forbidden(NOT_FOUND_OR_DENIED);
  const categoryIds = input.category_id?.length ? await ctx.repos.document.categoryPaths(input.category_id) : undefined;
  if (input.language && !(await ctx.repos.document.languageExists(input.language)))
    throw badRequest(`语言不存在：${input.language}`);
  let status = holder ? input.status : undefined;
  if (
    !holder &&
    !input.attachment_id &&
    (await uploaderResubmits(ctx, me, doc, () => reviewedChange(ctx, doc, input, categoryIds)))
  )
    status = STATUS.review;
  // like PUT /document/vip for holders; an uploader marks VIP documents only while VIP is on (as at upload)
  const vip = input.is_vip !== undefined && (holder || (await ctx.settings.get(SETTINGS.vip.enable))) ? input.is_vip : undefined;
  // an edit of the price or the mark may not leave a free VIP document (isVipDocument); other edits of one imported so pass
  const touchesVip = vip !== undefined || input.price !== undefined;
  if (touchesVip && (vip ?? Boolean(doc.is_vip)) && (input.price ?? doc.price) <= 0) throw badRequest(FREE_VIP_DOCUMENT);
  const textChanged = input.price !== undefined && !samePublicPages(doc, { price: input.price, preview: doc.preview });
  const unused = await ctx.db.transaction().execute(async (trx) => {
    const docs = new DocumentRepo(trx);
    await docs.update(doc.id, {
      title: input.title,
      keywords: input.keywords === undefined ? undefined : normalizeKeywords(input.keywords),
      description: input.description,
      price: input.price,
      language: input.language,
      is_vip: vip === undefined ? undefined : vip ? 1 : 0,
      updated_at: nowIso(),
    });
    if (textChanged) {
      const texts = await leadingTexts(trx, doc.hash);
      await refreshDescriptions(trx, [doc], texts, texts);
    }
    if (categoryIds) await docs.relinkCategories([doc.id], categoryIds, true);
    // a new file starts the document's conversion (and review) over: no status change besides
    if (input.attachment_id) return (await replaceFile(ctx, trx, me, holder, doc, input.attachment_id)).unused;
    if (status !== undefined) await applyStatus(ctx, trx, [doc], status);
    return [];
  });
  // the replaced file goes after the commit (a rolled-back edit must not have lost it); a failure to
  // remove it leaves a stray file, not a failed edit
  await removeStoredFiles(ctx, unused).catch(() => undefined);
  // hidden pages stop matching now; should this fail, the index sync redoes it (updated_at changed),
  // and the saved edit must not be reported as failed
  if (textChanged) await indexDocument(ctx.db, doc.id).catch(() => undefined);
}

/**
 * DELETE /document: moves documents to the recycle bin. Everyone but holders of 删除文档 must own
 * every listed document (moredoc deleted all of them when one was yours). Counters of the owners
 * and categories go down and each owner loses `score.delete_document` credits — one transaction.
 */
export async function softDeleteDocuments(ctx: AppContext, me: number, holder: boolean, ids: number[]): Promise<void> {
  const docs = await ctx.repos.document.live([...new Set(ids)]);
  if (!holder && (docs.length !== new Set(ids).size || docs.some((d) => d.user_id !== me))) throw forbidden(NOT_FOUND_OR_DENIED);
  if (!docs.length) return;
  const penalty = Math.abs(await ctx.settings.get(SETTINGS.score.delete_document));
  await ctx.db.transaction().execute(async (trx) => {
    const repo = new DocumentRepo(trx);
    const gone = await repo.softDelete(
      docs.map((d) => d.id),
      me,
    );
    await repo.moveCategoryCounts(
      gone.map((d) => d.id),
      -1,
    );
    await repo.moveUserCounts(gone, -1);
    if (penalty > 0) {
      for (const d of gone) {
        await changeCredit(trx, {
          userId: d.user_id,
          amount: -penalty,
          partial: true,
          reason: `删除文档《${d.title}》`,
          refType: 'delete_document',
          refId: d.id,
        });
      }
    }
  });
}

/**
 * PUT /document/check: moves live documents through the review (see applyStatus); 404 when one is
 * missing. One transaction.
 */
export async function checkDocuments(ctx: AppContext, ids: number[], status: number, reason: string): Promise<void> {
  await ctx.db
    .transaction()
    .execute(async (trx) => applyStatus(ctx, trx, await new DocumentRepo(trx).requireLive(ids), status, reason));
}

/** Queues live documents for conversion again (each must allow it). One transaction. */
export async function reconvertDocuments(ctx: AppContext, ids: number[]): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const docs = await new DocumentRepo(trx).requireLive(ids);
    for (const d of docs) assertTransition(d, STATUS.reconvert);
    await markForReconvert(
      trx,
      docs.filter((d) => d.status !== STATUS.reconvert).map((d) => d.id),
    );
  });
}

/** Recommends documents: 0 takes the recommendation back, 1 recommends (recommended ones stay), 2 refreshes the time. */
export async function recommendDocuments(ctx: AppContext, id: number[], type: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const docs = new DocumentRepo(trx);
    const ids = (await docs.requireLive(id)).map((d) => d.id);
    await docs.recommend(ids, type);
  });
}

/** Moves documents to a category (with its parents; the categories' counts follow). */
export async function setDocumentsCategory(ctx: AppContext, documentIds: number[], categoryId: number[]): Promise<void> {
  const categoryIds = await ctx.repos.document.categoryPaths(categoryId);
  await ctx.db.transaction().execute(async (trx) => {
    const docs = new DocumentRepo(trx);
    const ids = (await docs.requireLive(documentIds)).map((d) => d.id);
    await docs.relinkCategories(ids, categoryIds, true);
    // a changed row is what the search index re-reads
    await docs.update(ids, { updated_at: nowIso() });
  });
}

/** Sets the language of documents. */
export async function setDocumentsLanguage(ctx: AppContext, documentIds: number[], language: string): Promise<void> {
  if (!(await ctx.repos.document.languageExists(language))) throw badRequest(`语言不存在：${language}`);
  await ctx.db.transaction().execute(async (trx) => {
    const docs = new DocumentRepo(trx);
    const ids = (await docs.requireLive(documentIds)).map((d) => d.id);
    await docs.update(ids, { language, updated_at: nowIso() });
  });
}
