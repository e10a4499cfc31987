/**
 * Credits, sign-in, orders, payments and VIP (moredoc Pro wire, pro-contract.md), through the endpoint
 * table's generated calls: zero values left out by the server come back as 0 / ''.
 */
import type { Paging } from './types.ts';
import { mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import { call } from './call.ts';
import { creditLog, creditSign, creditSystemRecharge, creditToday } from './generated/credit.ts';
import {
  orderClose,
  orderCreate,
  orderDelete,
  orderDocumentQuote,
  orderGet,
  orderList,
  orderMine,
  orderPay,
  orderRechargeSettings,
  orderStatus,
} from './generated/order.ts';
import { vipDownload as vipDownloadCall, vipList, vipMine, vipOfOrder } from './generated/vip.ts';
import type { CreditLog, Sign } from '../contract/credit.ts';
import type { Order, OrderPayReply, RechargeSettings } from '../contract/order.ts';
import type { UserVip } from '../contract/vip.ts';

export type { CreditLog, Order, OrderPayReply, RechargeSettings, Sign, UserVip };

/** Signed in today? Wenku's GET /user/sign/today answers 200 either way (moredoc's GET /user/sign 404s for "not yet"). */
export const isSignedToday = async (): Promise<ApiResult<boolean>> => mapOk(await call(creditToday), (d) => d.signed);
export const signToday = () => call(creditSign);

export const listCreditLogs = (p: Paging) => call(creditLog, p);

export const createOrder = (body: { order_type: number; product_id?: number; quantity?: number }) => call(orderCreate, body);
/** What buying a document would cost (Wenku; writes nothing: the order is created on confirmation). */
export const quoteDocument = (document_id: number) => call(orderDocumentQuote, { document_id });
export const getOrder = (order_no: string) => call(orderGet, { order_no });
export const getOrderStatus = (order_no: string) => call(orderStatus, { order_no });
export const payOrder = (body: { order_no: string; payment_type: number; is_wap?: boolean }) => call(orderPay, body);
export const closeOrder = (order_no: string) => call(orderClose, { order_no });
export const deleteOrder = (order_no: string) => call(orderDelete, { order_no });

export const listUserOrders = (p: Paging & { status?: number }) => call(orderMine, p);
export interface AdminOrderParams extends Paging {
  wd?: string;
  order_status?: number[];
  order_type?: number[];
  payment_type?: number[];
}
export const listOrders = (p: AdminOrderParams) => call(orderList, p);
export const systemRecharge = (body: { user_id: number; credit: number; remark: string }) => call(creditSystemRecharge, body);

export const getRechargeSettings = () => call(orderRechargeSettings);

export const listUserVips = (p: Paging) => call(vipMine, p);
export const listVips = (p: Paging & { user_id?: number; type?: number }) => call(vipList, p);
export const getVipOfOrder = (order_no: string) => call(vipOfOrder, { order_no });
export const vipDownload = (id: number) => call(vipDownloadCall, { id });
