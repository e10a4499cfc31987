import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { cachedCount } from '../../db/count-cache.ts';
import type { Database } from '../../db/db.ts';
import { dialectOf, nowIso } from '../../db/dialect.ts';
import { badRequest, forbidden, notFound, unauthenticated } from '../../http/errors.ts';
import { paginate } from '../../http/list.ts';
import { changeCredit } from '../credit/credit.repo.ts';
import { siteCreditName } from '../credit/credit.service.ts';
import { paidWindowStart } from '../order/order.service.ts';
import { vipDiscount } from '../vip/vip.service.ts';
import { discounted, ORDER_STATUS, ORDER_TYPE } from '../../../domain/money.ts';
import { assertNotPunished, PUNISHMENT } from '../punishment/punishment.service.ts';
import type { Download, DownloadDocumentReply } from '../../../contract/document.ts';
import { findDocument, startOfToday } from './document.repo.ts';
import { STATUS } from './document.status.ts';
import { num, type DocumentView } from './document.view.ts';
import { signDownload } from './download.token.ts';

export const LIMIT_REACHED = '今日下载次数已用完，请明天再来';
const HIDDEN = [STATUS.disabled, STATUS.review, STATUS.rejected] as number[];

/** A file name for the download: the title without path or control characters, plus the extension. */
const fileName = (doc: DocumentView) =>
  `${doc.title.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_').trim() || 'document'}${doc.ext}`;

/** Signs the link for a document's original file. */
export async function downloadUrl(ctx: AppContext, doc: DocumentView, userId: number): Promise<DownloadDocumentReply> {
  const token = await signDownload(ctx, { hash: doc.hash, ext: doc.ext, filename: fileName(doc), uid: userId, did: doc.id });
  return { url: `/download/${token}` };
}

async function countToday(db: Database, by: { ip: string } | { userId: number }): Promise<number> {
  let q = db
    .selectFrom('downloads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', startOfToday());
  q = 'ip' in by ? q.where('ip', '=', by.ip) : q.where('user_id', '=', by.userId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Advisory lock classes of one address's and one member's downloads ("DI", "DU"). */
const DOWNLOAD_IP_LOCK = 0x4449;
const DOWNLOAD_USER_LOCK = 0x4455;

/**
 * PostgreSQL: holds the downloader's address and member locks until the transaction ends, always in
 * this order (no deadlock). SQLite writes one transaction at a time anyway.
 */
async function lockDownloader(trx: Database, ip: string, userId: number): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${DOWNLOAD_IP_LOCK}, hashtext(${ip}))`.execute(trx);
  if (userId) await sql`select pg_advisory_xact_lock(${DOWNLOAD_USER_LOCK}, ${userId}::int)`.execute(trx);
}

/** A paid download of this document by the user inside the free re-download window (0 days: none). */
async function paidRecently(ctx: AppContext, userId: number, documentId: number): Promise<boolean> {
  const days = await ctx.settings.num('download', 'free_download_duration', 0);
  if (days <= 0) return false;
  const since = new Date(Date.now() - days * 86_400_000).toISOString();
  const row = await ctx.db
    .selectFrom('downloads')
    .select('id')
    .where('user_id', '=', userId)
    .where('document_id', '=', documentId)
    .where('is_pay', '=', 1)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * A paid order for this document that entitles a free download: one paid inside the free re-download
 * window, or one not used for a download yet (a purchase always yields its first download). 0: none.
 */
async function purchasedOrder(ctx: AppContext, userId: number, documentId: number): Promise<number> {
  if (!userId) return 0;
  const since = await paidWindowStart(ctx);
  const row = await ctx.db
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.user_id', '=', userId)
    .where('o.order_type', '=', ORDER_TYPE.document)
    .where('o.product_id', '=', documentId)
    .where('o.status', '=', ORDER_STATUS.paid)
    .where((eb) =>
      eb.or([
        eb('o.paid_at', '>=', since),
        eb.not(eb.exists(eb.selectFrom('downloads as d').select('d.id').whereRef('d.order_id', '=', 'o.id'))),
      ]),
    )
    .orderBy('o.id', 'desc')
    .executeTakeFirst();
  return row?.id ?? 0;
}

/**
 * GET /document/download (contract §6.4, with moredoc's inverted re-download rule fixed): checks
 * visibility, punishments and the daily limits, then records the download — and for a paid one moves
 * the price from the downloader to the uploader through the ledger — in one transaction.
 */
export async function downloadDocument(ctx: AppContext, userId: number, ip: string, id: number): Promise<DownloadDocumentReply> {
  const { settings } = ctx;
  if (!userId && !(await settings.bool('download', 'enable_guest_download'))) throw unauthenticated();
  const doc = await findDocument(ctx.db, { id });
  if (!doc || doc.deleted_at || HIDDEN.includes(doc.status)) throw notFound('文档不存在');
  if (doc.status !== STATUS.converted) throw badRequest('文档还在处理中，暂时不能下载');
  if (!userId && doc.price > 0) throw forbidden('付费文档，请先登录再下载');
  if (userId) await assertNotPunished(ctx.db, userId, [PUNISHMENT.disabled, PUNISHMENT.noDownload], '您的账户已被禁止下载文档');
  const perIp = await settings.num('download', 'times_every_ip', 10);
  const perDay = await settings.num('download', 'times_every_day', 10);
  // a quick refusal here; the count that decides is taken again under the downloader's locks below
  const overLimit = async (db: Database) =>
    (await countToday(db, { ip })) >= perIp || (userId > 0 && (await countToday(db, { userId })) >= perDay);
  if (await overLimit(ctx.db)) throw forbidden(LIMIT_REACHED);

  const orderId = doc.price > 0 && userId !== doc.user_id ? await purchasedOrder(ctx, userId, doc.id) : 0;
  const pay = doc.price > 0 && userId !== doc.user_id && !orderId && !(await paidRecently(ctx, userId, doc.id));
  // VIP members pay the discounted price here too, as on an order
  const price = pay ? discounted(doc.price, await vipDiscount(ctx.db, userId)) : 0;
  const creditName = await siteCreditName(ctx);
  const short = forbidden(`您的${creditName}不足，下载该文档需要 ${price} ${creditName}`);
  if (pay) {
    const me = await ctx.db.selectFrom('users').select('credit_count').where('id', '=', userId).executeTakeFirst();
    if (!me || me.credit_count < price) throw short;
  }
  await ctx.db.transaction().execute(async (trx) => {
    // the same visitor's downloads on every instance count one after another, so none slips past the limit
    await lockDownloader(trx, ip, userId);
    if (await overLimit(trx)) throw forbidden(LIMIT_REACHED);
    const now = nowIso();
    const row = await trx
      .insertInto('downloads')
      .values({
        ip,
        user_id: userId,
        document_id: doc.id,
        is_pay: pay ? 1 : 0,
        price,
        order_id: orderId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('documents')
      .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
      .where('id', '=', doc.id)
      .execute();
    if (!pay) return;
    const left = await changeCredit(trx, {
      userId,
      amount: -price,
      reason: `下载文档《${doc.title}》`,
      refType: 'download',
      refId: row.id,
    });
    // checked again inside the transaction: two downloads at once cannot overdraw the balance
    if (left === undefined || left < 0) throw short;
    await changeCredit(trx, {
      userId: doc.user_id,
      amount: price,
      reason: `文档《${doc.title}》被下载`,
      refType: 'download',
      refId: row.id,
    });
  });
  return downloadUrl(ctx, doc, userId);
}

/** The member's download history, newest first (deleted documents keep their title). */
export async function listDownloads(
  db: Database,
  me: number,
  page: number | undefined,
  size: number,
): Promise<{ total: number; download: Download[] }> {
  const base = db
    .selectFrom('downloads as d')
    .innerJoin('documents as doc', 'doc.id', 'd.document_id')
    .where('d.user_id', '=', me);
  // kept until downloads or documents change (count-cache.ts): a busy member has thousands
  const n = await cachedCount(db, ['downloads', 'documents'], `user-download:${me}`, async () =>
    Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  );
  const rows = await paginate(
    base
      .select([
        'd.id',
        'd.user_id',
        'd.document_id',
        'd.is_pay',
        'd.price',
        'd.created_at',
        'd.updated_at',
        'doc.title',
        'doc.ext',
        'doc.score',
        'doc.score_count',
        'doc.size',
        'doc.pages',
        'doc.uuid as document_uuid',
      ])
      .orderBy('d.id', 'desc'),
    page,
    size,
  ).execute();
  const download: Download[] = rows.map((row) => ({ ...row, is_pay: Boolean(row.is_pay), size: num(row.size) }));
  return { total: Number(n), download };
}
