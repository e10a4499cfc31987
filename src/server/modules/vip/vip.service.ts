import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import { badRequest, forbidden, notFound, unauthenticated } from '../../http/errors.ts';
import type { DownloadDocumentReply } from '../../../contract/document.ts';
import { discountPercent, FREE_VIP_DOCUMENT, FULL_PRICE, VIP_PLANS, vipExpiry } from '../../../domain/money.ts';
import { startOfToday } from '../document/document.repo.ts';
import { STATUS } from '../document/document.status.ts';
import { DownloadRepo } from '../document/download.repo.ts';
import { downloadUrl } from '../document/download.token.ts';
import { assertNotPunished, PUNISHMENT } from '../punishment/punishment.service.ts';
import type { OrderRow } from '../order/order.repo.ts';
import { VipRepo } from './vip.repo.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

export const VIP_DISABLED = '本站暂未开放VIP会员';
export const NOT_VIP = '该文档为VIP专享文档，请先开通VIP';

export interface VipPlan {
  type: number;
  label: string;
  months: number;
  /** fen */
  price: number;
  original_price: number;
  /** percent of the price paid for other documents */
  discount: number;
  download: number;
  times: number;
}

/** A plan from the `vip` settings; undefined for an unknown type. */
export async function vipPlan(ctx: AppContext, type: number): Promise<VipPlan | undefined> {
  const p = VIP_PLANS.find((x) => x.type === type);
  if (!p) return undefined;
  const vip = await ctx.settings.group(SETTINGS.vip);
  return {
    type: p.type,
    label: p.label,
    months: p.months,
    price: vip[`${p.key}_price`],
    original_price: vip[`${p.key}_original_price`],
    discount: discountPercent(vip[`${p.key}_document_discount`]),
    download: Math.max(0, vip[`${p.key}_download`]),
    times: Math.max(0, vip[`${p.key}_times_every_day`]),
  };
}

/**
 * Starts the membership a paid VIP order bought (inside the paying transaction; the plan is read
 * before it). Memberships stack: each runs its own term.
 */
export async function startVip(trx: Database, order: OrderRow, plan: VipPlan | undefined): Promise<void> {
  if (!plan) throw badRequest('VIP套餐不存在');
  const now = new Date();
  await new VipRepo(trx).start({
    user_id: order.user_id,
    type: plan.type,
    discount: plan.discount,
    download: plan.download,
    download_used: 0,
    times: plan.times,
    order_no: order.order_no,
    joined_at: now.toISOString(),
    expired_at: vipExpiry(now, plan.months).toISOString(),
    created_at: nowIso(),
  });
}

/** 去广告, a VIP perk (screens §5.10): no ads for a member with a running membership while VIP is on. */
export async function isAdFree(ctx: AppContext, userId: number): Promise<boolean> {
  return userId > 0 && (await ctx.settings.get(SETTINGS.vip.enable)) && (await ctx.repos.vip.isVip(userId));
}

/** The discount (percent) of the member's leading membership — year before quarter before month; 100 without one. */
export async function vipDiscount(db: Database, userId: number): Promise<number> {
  const [lead] = await new VipRepo(db).active(userId);
  return lead?.discount ?? FULL_PRICE;
}

/**
 * GET /document/download/vip: a VIP document, downloaded on the quota of the member's memberships
 * in priority order (year > quarter > month), each within its daily limit. A free VIP document or
 * one's own upload costs no quota.
 */
export async function vipDownload(ctx: AppContext, userId: number, ip: string, id: number): Promise<DownloadDocumentReply> {
  if (!userId) throw unauthenticated('您未登录，请先登录再下载');
  if (!(await ctx.settings.get(SETTINGS.vip.enable))) throw forbidden(VIP_DISABLED);
  const doc = await ctx.repos.document.find({ id });
  if (!doc || doc.deleted_at || doc.status !== STATUS.converted) throw notFound('文档不存在');
  if (!doc.is_vip) throw badRequest('该文档不是VIP文档');
  await assertNotPunished(ctx.db, userId, [PUNISHMENT.disabled, PUNISHMENT.noDownload], '您的账户已被禁止下载文档');
  const vips = await ctx.repos.vip.active(userId);
  if (!vips.length) throw forbidden(NOT_VIP);
  const free = doc.price <= 0 || doc.user_id === userId;
  await ctx.db.transaction().execute(async (trx) => {
    const vipRepo = new VipRepo(trx);
    let vipId = 0;
    if (!free) {
      const today = startOfToday();
      for (const v of vips) {
        if (v.download_used >= v.download) continue;
        if (v.times > 0 && (await vipRepo.downloadsSince(v.id, today)) >= v.times) continue;
        if (await vipRepo.spendDownload(v.id)) {
          vipId = v.id;
          break;
        }
      }
      if (!vipId) throw forbidden('您的VIP专享下载次数已用完（或今日次数已达上限）');
    }
    const now = nowIso();
    await new DownloadRepo(trx).record({
      ip,
      user_id: userId,
      document_id: doc.id,
      is_pay: 0,
      price: 0,
      vip_id: vipId,
      created_at: now,
      updated_at: now,
    });
  });
  return downloadUrl(ctx, doc, userId);
}

/** PUT /document/vip: marks or unmarks documents; a free one cannot be marked (isVipDocument). */
export async function setDocumentsVip(ctx: AppContext, ids: number[], isVip: boolean): Promise<void> {
  if (isVip) {
    const free = await ctx.repos.vip.freeDocumentCount(ids);
    if (free) throw badRequest(`所选文档中有 ${free} 篇免费文档。${FREE_VIP_DOCUMENT}`);
  }
  await ctx.repos.vip.setDocumentsVip(ids, isVip);
}
