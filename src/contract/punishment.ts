import { z } from 'zod';
import { PUNISHMENT_TYPE_LABELS } from '../domain/status.ts';
import { idList, ids, integer, pagedQuery, queryBool, repeated } from './common.ts';
import { listReply, numbers, timestamps } from './reply.ts';
import { endpoint, service } from './endpoint.ts';

const punishmentType = integer(
  z
    .number({ message: '处罚类型错误' })
    .int()
    .refine((v) => v in PUNISHMENT_TYPE_LABELS, '处罚类型只能是1到6'),
);
/** RFC 3339 time, or null / absent / '' for a permanent punishment. */
const endTime = z
  .union([z.string().trim(), z.null()])
  .optional()
  .refine((v) => !v || !Number.isNaN(Date.parse(v)), '截止时间格式不正确')
  .transform((v) => (v ? new Date(v).toISOString() : null));
const text = (label: string) => z.string().trim().max(255, `${label}最多255个字符`).default('');

/** One punishment per (user, type); an existing one for the same pair is updated instead. */
export const punishmentCreate = z.object({
  user_id: idList('请选择要处罚的用户'),
  type: z.array(punishmentType, { error: '请选择处罚类型' }).min(1, '请选择处罚类型'),
  /** absent means enabled: creating a punishment is meant to punish */
  enable: z.boolean().default(true),
  end_time: endTime,
  reason: text('处罚原因'),
  remark: text('处罚备注'),
});
export type PunishmentCreate = z.infer<typeof punishmentCreate>;

/** User and type stay as they are; the other columns are overwritten (send the whole object). */
export const punishmentUpdate = z.object({
  id: integer(z.number().int().positive('请指定要编辑的处罚')),
  enable: z.boolean().default(false),
  end_time: endTime,
  reason: text('处罚原因'),
  remark: text('处罚备注'),
});
export type PunishmentUpdate = z.infer<typeof punishmentUpdate>;

export const punishmentCancel = z.object({ id: idList('请选择要取消的处罚') });
export const punishmentGet = z.object({ id: integer(z.number().int().min(0).default(0)) });
export const punishmentList = pagedQuery({
  order: z.string().optional(),
  user_id: ids,
  type: repeated(integer(z.number().int())),
  enable: repeated(queryBool),
});
export type PunishmentListQuery = z.infer<typeof punishmentList>;

/** One entry of `operators`: who (u) set enable to t (1 on, 0 off/cancel) at ts (Unix seconds). */
export const punishmentOperator = z.object(numbers('u', 't', 'ts'));
export type PunishmentOperator = z.infer<typeof punishmentOperator>;

export const punishment = z.object({
  ...numbers('id', 'user_id', 'type'),
  username: z.string().optional(),
  enable: z.boolean(),
  /** shown to the punished user */
  reason: z.string(),
  /** admins only */
  remark: z.string(),
  /** JSON text: PunishmentOperator[] */
  operators: z.string(),
  /** null/absent = permanent */
  end_time: z.string().nullable().optional(),
  ...timestamps,
});
export type Punishment = z.infer<typeof punishment>;

/** PunishmentAPI (api-contract §2.17): every call behind its permission. */
export const punishmentApi = service('PunishmentAPI', '用户处罚', (rpc) => ({
  calls: {
    create: endpoint.post('/punishment', rpc('CreatePunishment', '添加用户处罚'), { body: punishmentCreate }),
    update: endpoint.put('/punishment', rpc('UpdatePunishment', '更新用户处罚'), { body: punishmentUpdate }),
    cancel: endpoint.put('/punishment/cancel', rpc('CancelPunishment', '取消用户处罚'), { body: punishmentCancel }),
    get: endpoint.get('/punishment', rpc('GetPunishment', '获取单个处罚信息'), { query: punishmentGet, reply: punishment }),
    list: endpoint.get('/punishment/list', rpc('ListPunishment', '获取用户处罚列表'), {
      query: punishmentList,
      reply: listReply('punishment', punishment),
    }),
  },
  summaries: {
    create: '添加用户处罚（每个用户每种类型一条，已有的会被更新）',
    update: '更新用户处罚（用户与类型不变，其余字段整体覆盖）',
    list: '用户处罚列表',
  },
}));
