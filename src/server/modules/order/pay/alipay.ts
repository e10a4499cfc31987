import type { AlipaySdk } from 'alipay-sdk';
import type { AppContext } from '../../../context.ts';
import { internal } from '../../../http/errors.ts';
import { yuan } from '../../../../domain/money.ts';
import type { OrderRow } from '../order.repo.ts';
import { alipayConfig, siteUrls } from './pay.config.ts';

/** The official SDK on the configured keys and gateway (a test points the gateway at its fake Alipay). */
async function client(ctx: AppContext): Promise<AlipaySdk> {
  const cfg = await alipayConfig(ctx);
  // loaded on the first Alipay call: a site that does not take Alipay never carries the SDK
  const { AlipaySdk } = await import('alipay-sdk');
  return new AlipaySdk({
    ...cfg,
    signType: 'RSA2',
    keyType: cfg.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
    camelcase: false,
  });
}

/** Page pay on desktop, wap pay on mobile: the signed address of Alipay's cashier. */
export async function alipayPaymentUrl(ctx: AppContext, order: OrderRow, wap: boolean): Promise<string> {
  const sdk = await client(ctx);
  const urls = await siteUrls(ctx);
  return sdk.pageExecute(wap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
    bizContent: {
      out_trade_no: order.order_no,
      total_amount: yuan(order.amount),
      subject: order.product_name,
      product_code: wap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
      time_expire: order.closed_at ? alipayTime(order.closed_at) : undefined,
    },
    notifyUrl: urls.alipayNotify,
    returnUrl: urls.checkout(order.order_no),
  });
}

/** `yyyy-MM-dd HH:mm:ss` in Beijing time, as Alipay reads times. */
function alipayTime(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Whether an asynchronous notify carries Alipay's signature (RSA2 over the sorted fields). */
export async function alipayVerifyNotify(ctx: AppContext, fields: Record<string, string>): Promise<boolean> {
  const sdk = await client(ctx);
  return sdk.checkNotifySignV2(fields);
}

/** alipay.trade.query (the fallback when a notify is late): the paid amount in fen, or undefined when unpaid. */
export async function alipayQuery(ctx: AppContext, orderNo: string): Promise<{ tradeNo: string; amount: number } | undefined> {
  const sdk = await client(ctx);
  const res = (await sdk.exec('alipay.trade.query', { bizContent: { out_trade_no: orderNo } })) as Record<string, string>;
  if (res.code === '40004') return undefined; // trade not found: not paid yet
  if (res.code !== '10000') throw internal(`支付宝查询失败：${res.sub_msg || res.msg || res.code}`);
  if (res.trade_status !== 'TRADE_SUCCESS' && res.trade_status !== 'TRADE_FINISHED') return undefined;
  return { tradeNo: res.trade_no ?? '', amount: Math.round(Number(res.total_amount) * 100) };
}
