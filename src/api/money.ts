/**
 * Credits, sign-in, orders, payments and VIP (moredoc Pro wire, pro-contract.md). Answers are
 * normalised: zero values left out by the server come back as 0 / ''.
 */
import { getList, fill, normalizeList } from './defaults.ts';
import type { Paging, ListReply } from './types.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import type { CreditLog, Sign } from '../contract/credit.ts';
import type { DocumentQuote, Order, OrderPayReply, RechargeSettings } from '../contract/order.ts';
import type { UserVip } from '../contract/vip.ts';

export type { CreditLog, Order, OrderPayReply, RechargeSettings, Sign, UserVip };

const ORDER: Order = {
  id: 0,
  order_no: '',
  user_id: 0,
  order_type: 0,
  product_id: 0,
  product_uuid: '',
  product_name: '',
  quantity: 0,
  price: 0,
  coupon_amount: 0,
  amount: 0,
  credit: 0,
  status: 0,
  payment_type: 0,
  username: '',
  created_at: '',
  paid_at: '',
  closed_at: '',
};
const SIGN: Sign = { id: 0, user_id: 0, sign_at: 0, ip: '', award: 0, created_at: '' };
const LOG: CreditLog = { id: 0, user_id: 0, amount: 0, balance: 0, reason: '', ref_type: '', ref_id: 0, created_at: '' };
const VIP: UserVip = {
  id: 0,
  type: 0,
  user_id: 0,
  username: '',
  discount: 0,
  download: 0,
  download_used: 0,
  times: 0,
  order_no: '',
  joined_at: '',
  expired_at: '',
};
const order = (x: unknown) => fill(ORDER, x);

/** Signed in today? Wenku's GET /user/sign/today answers 200 either way (moredoc's GET /user/sign 404s for "not yet"). */
export const isSignedToday = async (): Promise<ApiResult<boolean>> =>
  mapOk(await http.get<unknown>('/user/sign/today'), (d) => Boolean((d as { signed?: boolean } | null)?.signed));
export const signToday = async (): Promise<ApiResult<Sign>> => mapOk(await http.put<unknown>('/user/sign'), (d) => fill(SIGN, d));

export const listCreditLogs = async (p: Paging): Promise<ApiResult<ListReply<'credit_log', CreditLog>>> =>
  mapOk(await http.get<unknown>('/user/credit/log', p), (d) => normalizeList(d, 'credit_log', (x) => fill(LOG, x)));

export const createOrder = async (body: {
  order_type: number;
  product_id?: number;
  quantity?: number;
}): Promise<ApiResult<Order>> => mapOk(await http.post<unknown>('/order', body), order);
/** What buying a document would cost (Wenku; writes nothing: the order is created on confirmation). */
export const quoteDocument = async (document_id: number): Promise<ApiResult<DocumentQuote>> =>
  mapOk(await http.get<unknown>('/order/document/quote', { document_id }), (d) => fill({ price: 0, amount: 0, paid: false }, d));
export const getOrder = async (order_no: string): Promise<ApiResult<Order>> =>
  mapOk(await http.get<unknown>('/order', { order_no }), order);
export const getOrderStatus = async (order_no: string): Promise<ApiResult<Order>> =>
  mapOk(await http.get<unknown>('/order/status', { order_no }), order);
export const payOrder = async (body: {
  order_no: string;
  payment_type: number;
  is_wap?: boolean;
}): Promise<ApiResult<OrderPayReply>> =>
  mapOk(await http.post<unknown>('/order/pay', body), (d) =>
    fill({ order_status: 0, payment_url: '', code_url: '', extra: '' }, d),
  );
export const closeOrder = async (order_no: string): Promise<ApiResult<Order>> =>
  mapOk(await http.put<unknown>('/order/close', { order_no }), order);
export const deleteOrder = (order_no: string) => http.del<unknown>('/order', { order_no });

export const listUserOrders = (p: Paging & { status?: number }) => getList('/user/order', p, 'order', order);
export interface AdminOrderParams extends Paging {
  wd?: string;
  order_status?: number[];
  order_type?: number[];
  payment_type?: number[];
}
export const listOrders = (p: AdminOrderParams) => getList('/order/list', p, 'order', order);
export const systemRecharge = (body: { user_id: number; credit: number; remark: string }) =>
  http.post<unknown>('/order/system/recharge', body);

export const getRechargeSettings = async (): Promise<ApiResult<RechargeSettings>> =>
  mapOk(await http.get<unknown>('/settings/recharge'), (d) =>
    fill({ enable: false, credit_name: '', credit_exchange: 0, recharge_discount: '' }, d),
  );

export const listUserVips = async (p: Paging): Promise<ApiResult<ListReply<'user_vip', UserVip>>> =>
  mapOk(await http.get<unknown>('/user/vip', p), (d) => normalizeList(d, 'user_vip', (x) => fill(VIP, x)));
export const listVips = async (
  p: Paging & { user_id?: number; type?: number },
): Promise<ApiResult<ListReply<'user_vip', UserVip>>> =>
  mapOk(await http.get<unknown>('/uservip/list', p), (d) => normalizeList(d, 'user_vip', (x) => fill(VIP, x)));
export const getVipOfOrder = async (order_no: string) =>
  mapOk(await http.get<unknown>('/user/vip/order', { order_no }), (d) =>
    fill({ times: 0, download: 0, discount: 0, joined_at: '', expired_at: '' }, d),
  );
export const vipDownload = async (id: number): Promise<ApiResult<{ url: string }>> =>
  mapOk(await http.get<unknown>('/document/download/vip', { id }), (d) => fill({ url: '' }, d));
