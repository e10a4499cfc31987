import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { reuseConvertedPages } from '../../convert/reuse.ts';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import { badRequest } from '../../http/errors.ts';
import { FREE_VIP_DOCUMENT } from '../../../domain/money.ts';
import { words } from '../article/keywords.ts';
import { changeCredit, CreditRepo } from '../credit/credit.repo.ts';
import type { CreateDocumentReply, DocumentCreate } from '../../../contract/document.ts';
import { DocumentRepo, startOfToday } from './document.repo.ts';
import { STATUS } from './document.status.ts';
import { assertCanUpload } from './upload-right.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

type Created = NonNullable<CreateDocumentReply['document']>[number];

/** Default keywords: the distinct words of the title as jieba cuts them, joined by ',' (moredoc). */
export const titleKeywords = (title: string): string => words(title).join(',');

/** Keywords as stored: full-width commas and spaces around them normalised to ','. */
export const normalizeKeywords = (k: string): string =>
  k
    .split(/[,，、]/)
    .map((w) => w.trim())
    .filter(Boolean)
    .join(',');

/** 16 hex characters: the middle of the md5 of a random UUID (moredoc's public document key). */
export const newDocumentUuid = (): string => createHash('md5').update(randomUUID()).digest('hex').slice(8, 24);

const clip = (s: string, max: number) => [...s].slice(0, max).join('');

/**
 * Upload rewards: `score.upload_document` once per document, when it is approved (at once for
 * uploaders who need no review), for at most `upload_document_limit` documents a day.
 */
export async function rewardUploads(
  trx: Database,
  ctx: AppContext,
  userId: number,
  docs: ReadonlyArray<{ id: number; title: string }>,
): Promise<void> {
  const amount = await ctx.settings.get(SETTINGS.score.upload_document);
  const limit = await ctx.settings.get(SETTINGS.score.upload_document_limit);
  if (amount <= 0 || limit <= 0 || !docs.length) return;
  const credits = new CreditRepo(trx);
  const paid = await credits.paidRefs(
    userId,
    'upload_document',
    docs.map((d) => d.id),
  );
  const due = docs.filter((d) => !paid.includes(d.id));
  const left = limit - (await credits.rewardsSince(userId, 'upload_document', startOfToday()));
  for (const d of due.slice(0, Math.max(0, left))) {
    await changeCredit(trx, { userId, amount, reason: `上传文档《${d.title}》`, refType: 'upload_document', refId: d.id });
  }
}

/**
 * POST /document (contract §6.2 step 3): one document per uploaded attachment of the caller, all
 * in one transaction with their category links, category and user counters and upload rewards;
 * `reqId` (the request's id) is kept for the documents' conversion and render log lines.
 */
export async function createDocuments(ctx: AppContext, userId: number, input: DocumentCreate, reqId = ''): Promise<Created[]> {
  const { review } = await assertCanUpload(ctx.db, userId);
  const categoryIds = await ctx.repos.document.categoryPaths(input.category_id);
  for (const code of new Set(input.document.map((d) => d.language).filter(Boolean))) {
    if (!(await ctx.repos.document.languageExists(code))) throw badRequest(`语言不存在：${code}`);
  }
  // 加入VIP文档 is a VIP feature: while VIP is off the flag is dropped, not refused (moredoc Pro)
  const vipOn = await ctx.settings.get(SETTINGS.vip.enable);
  const freeVip = vipOn && input.document.find((d) => d.is_vip && d.price <= 0);
  if (freeVip) throw badRequest(`《${freeVip.title}》：${FREE_VIP_DOCUMENT}`);
  const attachmentIds = input.document.map((d) => d.attachment_id);
  if (new Set(attachmentIds).size !== attachmentIds.length) throw badRequest('同一个文档文件不能发布两次');

  return ctx.db.transaction().execute(async (trx) => {
    const docs = new DocumentRepo(trx);
    const attachments = await docs.publishableAttachments(userId, attachmentIds);
    const now = nowIso();
    const created: Created[] = [];
    for (const item of input.document) {
      const att = attachments.find((a) => a.id === item.attachment_id);
      if (!att) throw badRequest(`文档文件不存在或已经发布过（附件 ID ${item.attachment_id}）`);
      const doc = await docs.insert({
        uuid: newDocumentUuid(),
        title: item.title,
        keywords: normalizeKeywords(item.keywords) || titleKeywords(item.title),
        description: clip(item.description, 512),
        preview_ext: '',
        ext: att.ext,
        language: item.language,
        hash: att.hash,
        convert_error: '',
        lease_owner: '',
        user_id: userId,
        width: 0,
        height: 0,
        pages: 0,
        preview: 0,
        enable_gzip: 0,
        download_count: 0,
        view_count: 0,
        favorite_count: 0,
        comment_count: 0,
        score: 300,
        score_count: 0,
        price: item.price,
        is_vip: vipOn && item.is_vip ? 1 : 0,
        status: review ? STATUS.review : STATUS.pending,
        attachment_id: att.id,
        deleted_user_id: 0,
        convert_attempts: 0,
        size: Number(att.size),
        created_at: now,
        updated_at: now,
      });
      // the attachment is taken once: a concurrent request publishing it too fails here
      if (!(await docs.takeAttachment(att.id, doc.id, now))) throw badRequest(`文档文件已经发布过（附件 ID ${att.id}）`);
      // the converter's log lines of this document carry the id of the request that published it
      if (reqId) await docs.rememberRequest(doc.id, reqId);
      const converted =
        doc.status === STATUS.pending &&
        (await reuseConvertedPages({ db: trx, settings: ctx.settings, storage: ctx.storage }, { id: doc.id, hash: att.hash }));
      created.push(converted ? { ...doc, status: STATUS.converted } : doc);
    }
    const ids = created.map((d) => d.id);
    await docs.relinkCategories(ids, categoryIds, true);
    await docs.moveUserCounts(
      created.map(() => ({ user_id: userId })),
      1,
    );
    await rewardUploads(
      trx,
      ctx,
      userId,
      created.filter((d) => d.status !== STATUS.review),
    );
    return created;
  });
}
