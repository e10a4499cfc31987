import { z } from 'zod';
import { idList, integer, pageOnly, paging, queryBool } from './common.ts';
import { numbers, strings } from './reply.ts';

export const userVipQuery = pageOnly;
export const adminVipQuery = z.object({
  ...paging,
  user_id: integer(z.number().int().optional()),
  type: integer(z.number().int().min(0).max(2).optional()),
});
export const vipOrderQuery = z.object({ order_no: z.string({ error: '请指定订单号' }).min(1, '请指定订单号').max(64) });
export const setDocumentVip = z.object({ document_id: idList('请选择文档'), is_vip: z.union([z.boolean(), queryBool]) });

/** A VIP membership; `discount` is a fraction of the price for other paid documents (0.8 = 8折). */
export const userVip = z.object({
  ...numbers('id', 'type', 'user_id', 'discount', 'download', 'download_used', 'times'),
  username: z.string().optional(),
  ...strings('order_no', 'joined_at', 'expired_at'),
});
export type UserVip = z.infer<typeof userVip>;
