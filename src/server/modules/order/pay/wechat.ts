import type { AppContext } from '../../../context.ts';
import type { OrderRow } from '../order.repo.ts';
import { siteUrls, wechatConfig } from './pay.config.ts';
import { wechatRequest } from './wechatpay.ts';

/** Native pay (a `code_url` to show as a QR code) on desktop, H5 pay (an `h5_url`) on mobile. */
export async function wechatPayment(ctx: AppContext, order: OrderRow, wap: boolean, ip: string) {
  const cfg = await wechatConfig(ctx);
  const urls = await siteUrls(ctx);
  const body = {
    appid: cfg.appid,
    mchid: cfg.mchid,
    description: order.product_name.slice(0, 127),
    out_trade_no: order.order_no,
    notify_url: urls.wechatNotify,
    ...(order.closed_at ? { time_expire: order.closed_at.replace(/\.\d{3}Z$/, '+00:00') } : {}),
    amount: { total: order.amount, currency: 'CNY' },
    ...(wap ? { scene_info: { payer_client_ip: ip || '127.0.0.1', h5_info: { type: 'Wap' } } } : {}),
  };
  if (wap) {
    const res = await wechatRequest<{ h5_url: string }>(cfg, 'POST', '/v3/pay/transactions/h5', body);
    return { payment_url: res.h5_url };
  }
  const res = await wechatRequest<{ code_url: string }>(cfg, 'POST', '/v3/pay/transactions/native', body);
  return { code_url: res.code_url };
}

/** Query by our order number (the fallback when a notify is late): the paid amount in fen, or undefined when unpaid. */
export async function wechatQuery(ctx: AppContext, orderNo: string): Promise<{ tradeNo: string; amount: number } | undefined> {
  const cfg = await wechatConfig(ctx);
  const res = await wechatRequest<{ trade_state: string; transaction_id?: string; amount?: { total: number } }>(
    cfg,
    'GET',
    `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(cfg.mchid)}`,
  );
  if (res.trade_state !== 'SUCCESS') return undefined;
  return { tradeNo: res.transaction_id ?? '', amount: res.amount?.total ?? -1 };
}
