import { z } from 'zod';
import { SMS_TYPE, SMS_TYPE_LABELS } from '../domain/status.ts';
import { captchaFields } from './captcha.ts';
import { ids, integer, pageQuery, repeated } from './common.ts';
import { listReply, optionalNumbers, optionalStrings } from './reply.ts';
import { MOBILE_PATTERN } from '../domain/rules.ts';
import { passwordField } from './user.ts';

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

export const mobileRegisterBody = z.object({ mobile: mobileField, code: smsCodeField, password: passwordField });
export type MobileRegisterBody = z.input<typeof mobileRegisterBody>;
export const mobileLoginBody = z.object({ mobile: mobileField, code: smsCodeField });
export type MobileLoginBody = z.input<typeof mobileLoginBody>;
export const mobileFindPasswordBody = mobileRegisterBody;

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

export const smsListReply = listReply('sms', sms);
export type SmsListReply = z.infer<typeof smsListReply>;
