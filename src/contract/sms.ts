import { z } from 'zod';
import { SMS_TYPE, SMS_TYPE_LABELS } from '../domain/status.ts';
import { captchaFields } from './captcha.ts';
import { ids, integer, pageQuery, repeated } from './common.ts';
import { listReply, optionalNumbers, optionalStrings } from './reply.ts';
import { endpoint, service } from './endpoint.ts';
import { MOBILE_PATTERN } from '../domain/rules.ts';

/** A mainland mobile number, written with or without +86 / spaces / dashes; stored as its 11 digits. */
export const mobileField = z
  .string({ error: '请输入手机号' })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+?86)(?=1\d{10}$)/, ''))
  .pipe(z.string().min(1, '请输入手机号').regex(MOBILE_PATTERN, '手机号格式不正确'));

export const smsCodeField = z
  .string({ error: '请输入短信验证码' })
  .trim()
  .min(1, '请输入短信验证码')
  .regex(/^\d{6}$/, '短信验证码为6位数字');

export const sendSmsBody = z.object({
  mobile: mobileField,
  type: integer(
    z
      .number({ error: '请指定验证码用途' })
      .int()
      .refine((v) => v in SMS_TYPE_LABELS && v !== SMS_TYPE.test, '不支持的验证码用途'),
  ),
  ...captchaFields,
});
export type SendSmsBody = z.input<typeof sendSmsBody>;

/** POST /sms/test (Wenku, back office): a test code through the saved 短信配置. */
export const testSmsBody = z.object({ mobile: mobileField });

export const smsListQuery = pageQuery.extend({
  user_id: ids,
  type: repeated(integer(z.number().int())),
  status: repeated(integer(z.number().int())),
  mobile: z.string().trim().max(20).optional(),
});
export type SmsListQuery = z.infer<typeof smsListQuery>;

export const sendSmsReply = z.object({
  /** whether the number already belongs to an account */
  is_registered: z.boolean().optional(),
});
export type SendSmsReply = z.infer<typeof sendSmsReply>;

/** One send as the admin sees it (pro contract). */
export const sms = z.object({
  id: z.number(),
  ...optionalNumbers('type', 'status', 'user_id'),
  ...optionalStrings('username', 'mobile', 'code', 'ip', 'provider', 'error', 'response', 'created_at', 'updated_at'),
});
export type Sms = z.infer<typeof sms>;

/** SmsAPI (pro contract): codes for guests, the back office's test send and send log. */
export const smsApi = service('SmsAPI', '短信', (rpc) => ({
  calls: {
    send: endpoint.post('/sms', 'public', { body: sendSmsBody, reply: sendSmsReply }),
    test: endpoint.post('/sms/test', rpc('TestSms', '发送测试短信'), { body: testSmsBody }),
    list: endpoint.get('/sms/list', rpc('ListSms', '查看短信发送记录'), { query: smsListQuery, reply: listReply('sms', sms) }),
  },
  summaries: {
    send: '发送短信验证码（需图片验证码；按手机号与IP限频）',
    test: '发送测试短信（使用已保存的短信配置，记入发送记录）',
    list: '短信发送记录',
  },
}));
