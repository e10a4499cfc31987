import { z } from 'zod';
import { idList, integer, pageOnly, paging, queryBool } from './common.ts';
import { emptyReply, listReply, numbers, strings } from './reply.ts';
import { downloadDocumentReply, downloadQuery } from './document.ts';
import { endpoint, perm, type ServiceTable } from './endpoint.ts';

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

/** VIP memberships (moredoc Pro wire): the member's, the back office's, VIP documents and their downloads. */
export const vipApi = {
  service: 'UserVipAPI',
  tags: ['VIP会员'],
  calls: {
    mine: endpoint.get('/user/vip', {
      summary: '我的VIP（含已过期）',
      access: 'login',
      query: userVipQuery,
      reply: listReply('user_vip', userVip),
    }),
    ofOrder: endpoint.get('/user/vip/order', {
      summary: 'VIP订单开通的会员（结算页的商品信息）',
      access: 'login',
      query: vipOrderQuery,
      reply: userVip.pick({ times: true, download: true, discount: true, joined_at: true, expired_at: true }),
    }),
    list: endpoint.get('/uservip/list', {
      summary: '会员列表（后台）',
      access: perm('/api.v1.UserVipAPI/ListUserVip', '查看会员列表'),
      query: adminVipQuery,
      reply: listReply('user_vip', userVip),
    }),
    download: endpoint.get('/document/download/vip', {
      summary: 'VIP下载VIP文档（消耗VIP专享下载次数）',
      access: 'login',
      query: downloadQuery,
      reply: downloadDocumentReply,
    }),
    setDocument: endpoint.put('/document/vip', {
      summary: '设为或取消VIP文档',
      access: perm('/api.v1.DocumentAPI/SetDocumentVip', '设置VIP文档'),
      body: setDocumentVip,
      reply: emptyReply,
    }),
  },
} as const satisfies ServiceTable;
