import { z } from 'zod';
import { idList, integer, queryBool } from './common.ts';

export const userVipQuery = z.object({
  page: integer(z.number().int().optional()),
  size: integer(z.number().int().optional()),
});
export const adminVipQuery = z.object({
  page: integer(z.number().int().optional()),
  size: integer(z.number().int().optional()),
  user_id: integer(z.number().int().optional()),
  type: integer(z.number().int().min(0).max(2).optional()),
});
export const vipOrderQuery = z.object({ order_no: z.string({ error: '请指定订单号' }).min(1, '请指定订单号').max(64) });
export const setDocumentVip = z.object({
  document_id: idList('请选择文档'),
  is_vip: z.union([z.boolean(), queryBool]),
});

/** A VIP membership; `discount` is a fraction of the price for other paid documents (0.8 = 8折). */
export const userVip = z.object({
  id: z.number(),
  type: z.number(),
  user_id: z.number(),
  username: z.string().optional(),
  discount: z.number(),
  download: z.number(),
  download_used: z.number(),
  times: z.number(),
  order_no: z.string(),
  joined_at: z.string(),
  expired_at: z.string(),
});
export type UserVip = z.infer<typeof userVip>;
