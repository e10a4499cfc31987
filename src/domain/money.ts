/**
 * Orders, payments, VIP plans and credits (moredoc Pro wire, pro-contract.md): enums, Chinese
 * labels and formatters. Browser-safe and zod-free, shared by the server, contract and islands.
 */

export const ORDER_TYPE = { document: 1, vip: 2, recharge: 3 } as const;
export const ORDER_TYPE_LABELS: Readonly<Record<number, string>> = { 1: '购买文档', 2: '购买VIP', 3: '积分充值' };

export const ORDER_STATUS = { pending: 1, paid: 2, closed: 3 } as const;
export const ORDER_STATUS_LABELS: Readonly<Record<number, string>> = { 1: '待支付', 2: '已支付', 3: '已关闭' };
export const ORDER_STATUS_COLORS: Readonly<Record<number, string>> = { 1: 'warning', 2: 'success', 3: 'default' };

/** A second payment of a paid order (migration 026): kept for an admin to refund. */
export const REFUND_STATUS = { none: 0, needed: 1, refunded: 2 } as const;
export const REFUND_STATUS_LABELS: Readonly<Record<number, string>> = { 1: '需退款', 2: '已退款' };

/**
 * Bounds that keep every balance, ledger amount and order credit a whole number that both databases
 * store as one: PostgreSQL's integer columns hold up to 2^31 − 1, and SQLite turns an integer past
 * 2^63 into a float (a 10^15 exchange rate once made a 1e+21 balance).
 */
export const MAX_CREDIT_BALANCE = 1_000_000_000;
/** Credits per 元 at most: a recharge of the largest order (1,000,000 元) stays within the balance bound. */
export const MAX_EXCHANGE_RATE = 1_000;

export const PAYMENT_TYPE = {
  wechat: 1,
  alipay: 2,
  bank: 3,
  cash: 4,
  credit: 5,
  system: 6,
  other: 7,
  xunhupay: 8,
  code: 9,
  ad: 10,
} as const;
export const PAYMENT_TYPE_LABELS: Readonly<Record<number, string>> = {
  0: '未支付',
  1: '微信支付',
  2: '支付宝',
  3: '银行卡',
  4: '现金',
  5: '积分支付',
  6: '系统充值',
  7: '其他',
  8: '虎皮椒支付',
  9: '下载码',
  10: '激励广告',
};

/** VIP plans: the wire's `type` / `product_id` (0 year, 1 quarter, 2 month) and their settings prefix. */
export const VIP_PLANS = [
  { type: 0, key: 'year', label: '年卡VIP', months: 12 },
  { type: 1, key: 'quarter', label: '季卡VIP', months: 3 },
  { type: 2, key: 'month', label: '月卡VIP', months: 1 },
] as const;
export type VipPlanKey = (typeof VIP_PLANS)[number]['key'];
export const vipPlanLabel = (type: number): string => VIP_PLANS.find((p) => p.type === type)?.label ?? '未知';

export const DEFAULT_CREDIT_NAME = '积分';
export const creditName = (name: string | undefined | null): string => name?.trim() || DEFAULT_CREDIT_NAME;

/** 1990 fen → "19.90". */
export const yuan = (fen: number): string => (fen / 100).toFixed(2);

/** A discount in percent of the price → moredoc's "x.x折" label; 100 (or 0) means none. */
export const discountLabel = (percent: number): string =>
  percent > 0 && percent < 100 ? `${(percent / 10).toFixed(1).replace(/\.0$/, '')}折` : '无折扣';

/** Percent of the price paid without a discount (a member without a running membership pays this). */
export const FULL_PRICE = 100;

/** A discount setting in 折 (8 = 8折) → percent of the price (80); 0, 10 or nonsense → 100 (none). */
export function discountPercent(zhe: number | string): number {
  const n = typeof zhe === 'number' ? zhe : Number.parseFloat(zhe);
  return Number.isFinite(n) && n > 0 && n < 10 ? Math.round(n * 10) : FULL_PRICE;
}

/** A discount on the wire, a fraction of the price (0.8), → percent (80); missing: none. */
export const percentOfFraction = (fraction: number | undefined): number => Math.round((fraction ?? 1) * 100);

/** A document price after a VIP discount (percent), rounded up to whole credits; free stays free. */
export const discounted = (price: number, percent: number): number =>
  percent > 0 && percent < 100 ? Math.ceil((price * percent) / 100) : price;

/**
 * Recharge discounts from settings: lines `amount:discount` (元 : 折, e.g. `100:9.5`), meaning a
 * recharge of at least `amount` 元 pays `discount`/10 of the price. Bad lines are skipped.
 */
export function parseRechargeDiscounts(text: string): Array<{ amount: number; percent: number }> {
  const out: Array<{ amount: number; percent: number }> = [];
  for (const line of text.split(/[\n,，;；]+/)) {
    const m = /^\s*(\d+)\s*[:：]\s*(\d+(?:\.\d+)?)\s*$/.exec(line);
    if (!m) continue;
    const amount = Number(m[1]);
    const percent = Math.round(Number(m[2]) * 10);
    if (amount > 0 && percent > 0 && percent <= 100) out.push({ amount, percent });
  }
  return out.sort((a, b) => a.amount - b.amount);
}

/** The best discount (lowest percent) whose threshold a recharge of `amount` 元 reaches; 100 when none. */
export function rechargePercent(lines: Array<{ amount: number; percent: number }>, amount: number): number {
  return lines.filter((l) => l.amount <= amount).reduce((best, l) => Math.min(best, l.percent), 100);
}

/** What a recharge of `yuan` 元 costs in fen at `percent` of the price (a recharge discount), rounded up. */
export const rechargeFen = (yuan: number, percent: number): number => Math.ceil((yuan * 100 * percent) / 100);

/** The credits that pay `fen` at `rate` credits per 元, rounded up. */
export const creditsForFen = (fen: number, rate: number): number => Math.ceil((fen * rate) / 100);

/**
 * What an order costs in credits: a document order its amount (priced in credits), a VIP order its
 * price at the exchange rate where the site lets credits buy VIP; undefined: credits cannot pay it
 * (recharges never, and the server refuses with the reason).
 */
export function orderCreditCost(
  order: { order_type: number; amount: number },
  site: { vipCreditPay: boolean; rate: number },
): number | undefined {
  if (order.order_type === ORDER_TYPE.document) return order.amount;
  if (order.order_type === ORDER_TYPE.vip && site.vipCreditPay && site.rate > 0) return creditsForFen(order.amount, site.rate);
  return undefined;
}

const DAY_MS = 86_400_000;

/** Start of the free re-download window (`download.free_download_duration` days): what was bought since downloads again free. */
export const redownloadWindowStart = (days: number, now = Date.now()): string =>
  new Date(now - Math.max(0, days) * DAY_MS).toISOString();

/** When a membership of `months` bought at `from` ends: calendar months in UTC (31 Jan + 1 month = 28/29 Feb, as people count). */
export function vipExpiry(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * A payment notice for an order already paid: the same trade again is a repeat (nothing to do); any
 * other trade is a second payment, kept on the order as 需退款 for an admin to refund.
 */
export const isRepeatPayment = (
  order: { payment_type: number; trade_no: string; refund_trade_no: string },
  type: number,
  tradeNo: string,
): boolean => (order.payment_type === type && order.trade_no === tradeNo) || order.refund_trade_no === tradeNo;

/** An order's amount as shown: credits for document orders, ¥ for VIP and recharge orders. */
export const orderAmountText = (o: { order_type: number; amount: number }, credit: string): string =>
  o.order_type === ORDER_TYPE.document ? `${o.amount} ${credit}` : `¥${yuan(o.amount)}`;

/** The checkout page of an order. */
export const checkoutUrl = (orderNo: string): string => `/vip/checkout?order_no=${encodeURIComponent(orderNo)}`;

/**
 * A VIP document is a paid one that VIP members download on their VIP quota instead of paying
 * (screens §5.10 VIP文档专享免费下载). A free document is free for everyone, so the mark means
 * nothing there: uploads and edits refuse it, and pages show a free document as free only.
 */
export const isVipDocument = (doc: { is_vip?: boolean | number; price?: number }): boolean =>
  Boolean(doc.is_vip) && (doc.price ?? 0) > 0;

export const FREE_VIP_DOCUMENT = '免费文档不能设为VIP文档：VIP文档是VIP会员可免费下载的付费文档，请先设置售价';
