import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import { badRequest, forbidden, notFound, unauthenticated } from '../../http/errors.ts';
import { changeCredit } from '../credit/credit.repo.ts';
import { siteCreditName } from '../credit/credit.service.ts';
import { paidWindowStart } from '../order/order.service.ts';
import { vipDiscount } from '../vip/vip.service.ts';
import { discounted, redownloadWindowStart } from '../../../domain/money.ts';
import { assertNotPunished, PUNISHMENT } from '../punishment/punishment.service.ts';
import type { DownloadDocumentReply } from '../../../contract/document.ts';
import { STATUS } from './document.status.ts';
import { DownloadRepo } from './download.repo.ts';
import { downloadUrl } from './download.token.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

export const LIMIT_REACHED = '今日下载次数已用完，请明天再来';
const HIDDEN = [STATUS.disabled, STATUS.review, STATUS.rejected] as number[];

/** A paid download of this document by the user inside the free re-download window (0 days: none). */
async function paidRecently(ctx: AppContext, userId: number, documentId: number): Promise<boolean> {
  const days = await ctx.settings.get(SETTINGS.download.free_download_duration);
  if (days <= 0) return false;
  return ctx.repos.download.paidSince(userId, documentId, redownloadWindowStart(days));
}

/**
 * A paid order for this document that entitles a free download: one paid inside the free re-download
 * window, or one not used for a download yet (a purchase always yields its first download). 0: none.
 */
async function purchasedOrder(ctx: AppContext, userId: number, documentId: number): Promise<number> {
  if (!userId) return 0;
  return ctx.repos.download.purchasedOrder(userId, documentId, await paidWindowStart(ctx));
}

/**
 * GET /document/download (contract §6.4, with moredoc's inverted re-download rule fixed): checks
 * visibility, punishments and the daily limits, then records the download — and for a paid one moves
 * the price from the downloader to the uploader through the ledger — in one transaction.
 */
export async function downloadDocument(ctx: AppContext, userId: number, ip: string, id: number): Promise<DownloadDocumentReply> {
  const { settings } = ctx;
  if (!userId && !(await settings.get(SETTINGS.download.enable_guest_download))) throw unauthenticated();
  const doc = await ctx.repos.document.find({ id });
  if (!doc || doc.deleted_at || HIDDEN.includes(doc.status)) throw notFound('文档不存在');
  if (doc.status !== STATUS.converted) throw badRequest('文档还在处理中，暂时不能下载');
  if (!userId && doc.price > 0) throw forbidden('付费文档，请先登录再下载');
  if (userId) await assertNotPunished(ctx.db, userId, [PUNISHMENT.disabled, PUNISHMENT.noDownload], '您的账户已被禁止下载文档');
  const perIp = await settings.get(SETTINGS.download.times_every_ip);
  const perDay = await settings.get(SETTINGS.download.times_every_day);
  // a quick refusal here; the count that decides is taken again under the downloader's locks below
  const overLimit = async (downloads: DownloadRepo) =>
    (await downloads.countToday({ ip })) >= perIp || (userId > 0 && (await downloads.countToday({ userId })) >= perDay);
  if (await overLimit(ctx.repos.download)) throw forbidden(LIMIT_REACHED);

  const orderId = doc.price > 0 && userId !== doc.user_id ? await purchasedOrder(ctx, userId, doc.id) : 0;
  const pay = doc.price > 0 && userId !== doc.user_id && !orderId && !(await paidRecently(ctx, userId, doc.id));
  // VIP members pay the discounted price here too, as on an order
  const price = pay ? discounted(doc.price, await vipDiscount(ctx.db, userId)) : 0;
  const creditName = await siteCreditName(ctx);
  const short = forbidden(`您的${creditName}不足，下载该文档需要 ${price} ${creditName}`);
  if (pay) {
    const me = await ctx.repos.user.byId(userId);
    if (!me || me.credit_count < price) throw short;
  }
  await ctx.db.transaction().execute(async (trx) => {
    // the same visitor's downloads on every instance count one after another, so none slips past the limit
    const downloads = new DownloadRepo(trx);
    await downloads.lockDownloader(ip, userId);
    if (await overLimit(downloads)) throw forbidden(LIMIT_REACHED);
    const now = nowIso();
    const rowId = await downloads.record({
      ip,
      user_id: userId,
      document_id: doc.id,
      is_pay: pay ? 1 : 0,
      price,
      order_id: orderId,
      created_at: now,
      updated_at: now,
    });
    if (!pay) return;
    const left = await changeCredit(trx, {
      userId,
      amount: -price,
      reason: `下载文档《${doc.title}》`,
      refType: 'download',
      refId: rowId,
    });
    // checked again inside the transaction: two downloads at once cannot overdraw the balance
    if (left === undefined || left < 0) throw short;
    await changeCredit(trx, {
      userId: doc.user_id,
      amount: price,
      reason: `文档《${doc.title}》被下载`,
      refType: 'download',
      refId: rowId,
    });
  });
  return downloadUrl(ctx, doc, userId);
}
