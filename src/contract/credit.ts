import { z } from 'zod';
import { integer, lineText, pageOnly } from './common.ts';
import { listReply, numbers, strings } from './reply.ts';
import { apiPermission, endpoint, service } from './endpoint.ts';

/** moredoc's Sign: `sign_at` is the calendar day as YYYYMMDD. */
export const sign = z.object({ ...numbers('id', 'user_id', 'sign_at', 'award'), ...strings('ip', 'created_at') });
export type Sign = z.infer<typeof sign>;

/**
 * Wenku's answer to "signed in today?" (GET /user/sign/today): always a 200, so the site's pages ask
 * without an error; moredoc's GET /user/sign keeps its 404 for "not yet".
 */
export const signState = z.object({ signed: z.boolean(), ...numbers('sign_at', 'award') });
export type SignState = z.infer<typeof signState>;

export const creditLogQuery = pageOnly;

/** One ledger row; `ref_type`/`ref_id` name its cause (order, download, document, sign…). */
export const creditLog = z.object({
  ...numbers('id', 'user_id', 'amount', 'balance', 'ref_id'),
  ...strings('reason', 'ref_type', 'created_at'),
});
export type CreditLog = z.infer<typeof creditLog>;
export const creditLogReply = listReply('credit_log', creditLog);
export type CreditLogReply = z.infer<typeof creditLogReply>;

export const MAX_ADJUST = 1_000_000;
/** Admin credit adjustment (moredoc Pro `POST /order/system/recharge`); a negative credit takes credits away. */
export const systemRecharge = z.object({
  user_id: integer(z.number({ error: '请选择用户' }).int().positive('请选择用户')),
  credit: integer(
    z
      .number({ error: '请输入积分数量' })
      .int('积分数量必须是整数')
      .min(-MAX_ADJUST, `积分数量不能小于-${MAX_ADJUST}`)
      .max(MAX_ADJUST, `积分数量不能大于${MAX_ADJUST}`)
      .refine((n) => n !== 0, '积分数量不能为0'),
  ),
  remark: lineText({ error: '请输入备注' }).min(1, '请输入备注').max(255, '备注最多255个字符'),
});
export type SystemRecharge = z.infer<typeof systemRecharge>;

/** Daily sign-in (moredoc wire), the member's credit log, and the admin's credit adjustment (moredoc Pro's OrderAPI). */
export const creditApi = service('OrderAPI', '积分', {
  calls: {
    signed: endpoint.get('/user/sign', 'login', { reply: sign }),
    today: endpoint.get('/user/sign/today', 'login', { reply: signState }),
    sign: endpoint.put('/user/sign', 'login', { reply: sign }),
    log: endpoint.get('/user/credit/log', 'login', { query: creditLogQuery, reply: creditLogReply }),
    systemRecharge: endpoint.post('/order/system/recharge', apiPermission('OrderAPI')('SystemRecharge', '系统充值/扣除积分'), {
      body: systemRecharge,
    }),
  },
  summaries: {
    signed: '今天是否已签到（未签到时 404）',
    today: '今天是否已签到（总是 200：signed 为 true 时附签到日期与奖励；本站页面使用）',
    sign: '每日签到（按网站时区的自然日，每天一次；奖励积分记入积分明细）',
    log: '我的积分明细（每一次积分变动，含变动后余额与原因）',
    systemRecharge: '管理员为用户充值或扣除积分（须填写备注，记入积分明细）',
  },
});
