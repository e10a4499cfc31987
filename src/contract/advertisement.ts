import { z } from 'zod';
import { AD_POSITIONS } from '../domain/ad-positions.ts';
import { integer, lineText, pagedQuery, queryBool, repeated } from './common.ts';
import { itemsReply, listReply, numbers, strings, timestamps } from './reply.ts';
import { adminTableCalls } from './admin-table.ts';
import { endpoint, service } from './endpoint.ts';

/** RFC 3339 (or any date the server can parse) → ISO UTC; empty or null → null (an open end). */
const time = (label: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || !v.trim()) return null;
      const d = new Date(v.trim());
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
        return z.NEVER;
      }
      return d.toISOString();
    });

const adFields = (enableDefault: boolean) => ({
  position: z
    .string({ message: '请选择广告位' })
    .trim()
    .refine((p) => AD_POSITIONS.includes(p), '请选择正确的广告位'),
  title: lineText().max(255, '广告标题最多255个字符').default(''),
  content: z.string({ message: '请输入广告内容' }).trim().min(1, '请输入广告内容').max(65535, '广告内容太长'),
  remark: z.string().max(255, '备注最多255个字符').default(''),
  enable: z.boolean().default(enableDefault),
  start_time: time('开始时间'),
  end_time: time('结束时间'),
});

const inOrder = <T extends { start_time: string | null; end_time: string | null }>(v: T) =>
  !v.start_time || !v.end_time || v.start_time <= v.end_time;
const WINDOW_MESSAGE = { message: '结束时间不能早于开始时间', path: ['end_time'] };

/** Create: a missing `enable` means enabled; an explicit false is kept (moredoc stored true). */
export const advertisementInput = z.object(adFields(true)).refine(inOrder, WINDOW_MESSAGE);
export type AdvertisementInput = z.infer<typeof advertisementInput>;
/** Update overwrites the whole row (a missing flag means false, a missing time means open), as moredoc. */
export const advertisementUpdate = z
  .object({ id: integer(z.number().int().positive('请指定要更新的广告')), ...adFields(false) })
  .refine(inOrder, WINDOW_MESSAGE);
export type AdvertisementUpdate = z.infer<typeof advertisementUpdate>;
export const advertisementGet = z.object({ id: integer(z.number().int().positive('请指定广告')) });
export const advertisementList = pagedQuery({ position: repeated(z.string()), enable: repeated(queryBool) });
export type AdvertisementListQuery = z.infer<typeof advertisementList>;
export const advertisementByPosition = z.object({ position: repeated(z.string()) });

export const advertisement = z.object({
  ...numbers('id', 'user_id'),
  ...strings('position', 'title', 'content', 'remark'),
  enable: z.boolean(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  ...timestamps,
});
export type Advertisement = z.infer<typeof advertisement>;
/** The ads currently shown in the asked slots (no total, no remark). */
export const advertisementPositionReply = itemsReply(
  'advertisement',
  advertisement.omit({ remark: true, user_id: true }).partial(),
).partial();
export type AdvertisementPositionReply = z.infer<typeof advertisementPositionReply>;

/** AdvertisementAPI (api-contract §2.18): the back-office table, and the ads a page's slots show. */
export const advertisementApi = service('AdvertisementAPI', '广告', (rpc) => ({
  calls: {
    ...adminTableCalls(rpc, 'Advertisement', '广告', {
      create: { title: '添加广告', body: advertisementInput, reply: advertisement.partial() },
      update: { body: advertisementUpdate },
      get: { title: '获取广告内容', query: advertisementGet, reply: advertisement.partial() },
      list: { query: advertisementList, reply: listReply('advertisement', advertisement.partial()) },
    }),
    position: endpoint.get('/advertisement/position', 'public', {
      query: advertisementByPosition,
      reply: advertisementPositionReply,
    }),
  },
  summaries: {
    create: '添加广告（内容为 HTML，原样展示；未传 enable 时默认启用）',
    update: '更新广告（覆盖整条记录）',
    list: '广告列表（新的在前）',
    position: '按广告位获取当前投放的广告（启用且在投放时间内；不含备注，无 total；VIP会员不看广告）',
  },
}));
