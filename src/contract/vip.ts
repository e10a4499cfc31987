import { z } from 'zod';
import { idList, integer, pageOnly, paging, queryBool } from './common.ts';
import { listReply, numbers, strings } from './reply.ts';
import { downloadDocumentReply, downloadQuery } from './document.ts';
import { endpoint, perm, service } from './endpoint.ts';

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
export const vipApi = service('UserVipAPI', 'VIP会员', {
  calls: {
    mine: endpoint.get('/user/vip', 'login', { query: userVipQuery, reply: listReply('user_vip', userVip) }),
    ofOrder: endpoint.get('/user/vip/order', 'login', {
      query: vipOrderQuery,
      reply: userVip.pick({ times: true, download: true, discount: true, joined_at: true, expired_at: true }),
    }),
    list: endpoint.get('/uservip/list', perm('/api.v1.UserVipAPI/ListUserVip', '查看会员列表'), {
      query: adminVipQuery,
      reply: listReply('user_vip', userVip),
    }),
    download: endpoint.get('/document/download/vip', 'login', { query: downloadQuery, reply: downloadDocumentReply }),
    setDocument: endpoint.put('/document/vip', perm('/api.v1.DocumentAPI/SetDocumentVip', '设置VIP文档'), {
      body: setDocumentVip,
    }),
  },
  summaries: {
    mine: '我的VIP（含已过期）',
    ofOrder: 'VIP订单开通的会员（结算页的商品信息）',
    list: '会员列表（后台）',
    download: 'VIP下载VIP文档（消耗VIP专享下载次数）',
    setDocument: '设为或取消VIP文档',
  },
});
