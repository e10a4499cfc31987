import { z } from 'zod';
import { FEEDBACK_STATUS_LABELS } from '../domain/status.ts';
import { charCount, FEEDBACK_LIMITS as L, tooLong, tooShort } from '../domain/text-limits.ts';
import { captchaFields } from './captcha.ts';
import { idsQuery, integer, pagedQuery, repeated } from './common.ts';
import { listReply, numbers, strings, timestamps } from './reply.ts';
import { endpoint, service } from './endpoint.ts';

const length = (min: number, max: number, label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .refine((v) => charCount(v) >= min, min > 1 ? tooShort(label, min) : `请输入${label}`)
    .refine((v) => charCount(v) <= max, tooLong(label, max));

/** The guest message form (reachable from the floating sider actions); plain text throughout. */
export const feedbackCreate = z.object({
  name: z.string().trim().max(L.name, `称呼最多${L.name}个字符`).default(''),
  contact: z.string().trim().max(L.contact, `联系方式最多${L.contact}个字符`).default(''),
  content: length(L.contentMin, L.contentMax, '反馈内容'),
  ...captchaFields,
});
export type FeedbackCreate = z.infer<typeof feedbackCreate>;

/** Handling by a holder of UpdateFeedback: both fields are overwritten. */
export const feedbackUpdate = z.object({
  id: integer(z.number().int().positive('请指定要处理的反馈')),
  status: integer(
    z
      .number()
      .int()
      .refine((v) => v in FEEDBACK_STATUS_LABELS, '处理状态只能是待处理或已处理')
      .default(0),
  ),
  reply: z.string().trim().max(L.reply, `回复最多${L.reply}个字符`).default(''),
});
export type FeedbackUpdate = z.infer<typeof feedbackUpdate>;

export const feedbackList = pagedQuery({ status: repeated(integer(z.number().int().min(0))) });
export type FeedbackListQuery = z.infer<typeof feedbackList>;

export const feedback = z.object({
  ...numbers('id', 'status'),
  ...strings('name', 'contact', 'reply', 'ip'),
  /** plain text: escape before showing */
  content: z.string(),
  /** 0 for guests */
  user_id: z.number(),
  username: z.string().optional(),
  ...timestamps,
});
export type Feedback = z.infer<typeof feedback>;

/**
 * Guest messages (Wenku's FeedbackAPI; moredoc only links to an article). The permission group `Feedback`
 * lets the admin menu derive /admin/feedback from ListFeedback.
 */
export const feedbackApi = service('FeedbackAPI', '意见反馈', (rpc) => ({
  calls: {
    create: endpoint.post('/feedback', 'public', { body: feedbackCreate }),
    list: endpoint.get('/feedback/list', rpc('ListFeedback', '查看意见反馈'), {
      query: feedbackList,
      reply: listReply('feedback', feedback),
    }),
    update: endpoint.put('/feedback', rpc('UpdateFeedback', '处理意见反馈'), { body: feedbackUpdate }),
    delete: endpoint.delete('/feedback', rpc('DeleteFeedback', '删除意见反馈'), { query: idsQuery }),
  },
  summaries: {
    create: '提交意见反馈（游客可用；开启评论验证码时游客需要验证码，会员另有开关）',
    list: '意见反馈列表',
    update: '处理意见反馈（状态与回复整体覆盖）',
  },
}));
