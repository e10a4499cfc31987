import { z } from 'zod';
import './common.ts';

/**
 * Where a captcha is asked for; each has its own `security.enable_captcha_<kind>` switch, but for
 * `sms`: an SMS code always costs a captcha (each send costs money and reaches a stranger's phone).
 */
export const CAPTCHA_KINDS = ['register', 'login', 'comment', 'find_password', 'sms'] as const;
export type CaptchaKind = (typeof CAPTCHA_KINDS)[number];

export const captchaQuery = z.object({
  type: z.enum(CAPTCHA_KINDS, { error: '不支持的验证码类型' }),
});

/** The captcha fields every protected form sends along. */
export const captchaFields = {
  captcha: z.string().trim().max(32).default(''),
  captcha_id: z.string().trim().max(64).default(''),
};

export interface CaptchaReply {
  /** Absent (false) when the switch for this kind is off: the form shows no captcha. */
  enable?: boolean;
  id?: string;
  /** `data:image/png;base64,…` */
  captcha?: string;
  /** Captcha style: digit, string or math */
  type?: string;
}
