import { z } from 'zod';
import './common.ts';
import { endpoint, service } from './endpoint.ts';

/**
 * Where a captcha is asked for; each has its own `security.enable_captcha_<kind>` switch, but for
 * `sms`: an SMS code always costs a captcha (each send costs money and reaches a stranger's phone).
 */
export const CAPTCHA_KINDS = ['register', 'login', 'comment', 'find_password', 'sms'] as const;
export type CaptchaKind = (typeof CAPTCHA_KINDS)[number];

export const captchaQuery = z.object({ type: z.enum(CAPTCHA_KINDS, { error: '不支持的验证码类型' }) });

/** The captcha fields every protected form sends along. */
export const captchaFields = {
  captcha: z.string().trim().max(32).default(''),
  captcha_id: z.string().trim().max(64).default(''),
};

export const captchaReply = z.object({
  /** Absent (false) when the switch for this kind is off: the form shows no captcha. */
  enable: z.boolean().optional(),
  id: z.string().optional(),
  /** `data:image/png;base64,…` */
  captcha: z.string().optional(),
  /** Captcha style: digit, string or math */
  type: z.string().optional(),
});
export type CaptchaReply = z.infer<typeof captchaReply>;

/** GetUserCaptcha of moredoc's UserAPI. */
export const captchaApi = service('UserAPI', '用户', {
  calls: {
    get: endpoint.get('/user/captcha', 'public', { query: captchaQuery, reply: captchaReply }),
  },
  summaries: {
    get: '获取验证码（对应开关关闭时只返回 type）',
  },
});
