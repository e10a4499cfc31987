import { randomUUID } from 'node:crypto';
import { loadSharp } from '../upload/sharp.ts';
import svgCaptcha from 'svg-captcha';
import type { CaptchaKind, CaptchaReply } from '../../../contract/captcha.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import { badRequest } from '../../http/errors.ts';
import { CaptchaRepo } from './captcha.repo.ts';
import { loginCaptchaPressure } from '../user/login-throttle.ts';
import { bounded, SETTINGS } from '../../../domain/settings/index.ts';

export const CAPTCHA_TTL_MS = 10 * 60_000;
export const CAPTCHA_ERROR = '验证码错误';

// characters that look alike in the distorted font are left out of string captchas
const STRING_IGNORE = '0oO1iIlLqg9';

interface Rendered {
  answer: string;
  svg: string;
  type: string;
}

/** Renders a captcha of the configured style; svg-captcha cannot speak, so `audio` falls back to digits. */
function render(style: string, length: number, width: number, height: number): Rendered {
  const common = { width, height, fontSize: Math.round(height * 0.9), noise: 2, color: true, background: '#f5f7fa' };
  if (style === 'math') {
    const c = svgCaptcha.createMathExpr({ ...common, mathMin: 1, mathMax: 20, mathOperator: '+-' });
    return { answer: c.text, svg: c.data, type: 'math' };
  }
  if (style === 'string') {
    const c = svgCaptcha.create({ ...common, size: length, ignoreChars: STRING_IGNORE });
    return { answer: c.text, svg: c.data, type: 'string' };
  }
  const c = svgCaptcha.create({ ...common, size: length, charPreset: '0123456789' });
  return { answer: c.text, svg: c.data, type: 'digit' };
}

/** The form's switch; `sms` has none (asked for by `force`). */
export const captchaSwitch = (kind: CaptchaKind) => (kind === 'sms' ? undefined : SETTINGS.security[`enable_captcha_${kind}`]);

/**
 * Whether a form asks for a captcha. The comment captcha (comments, guest messages) asks signed-in
 * members only when `enable_captcha_comment_member` is on too: a member already passed sign-in,
 * rate limits and punishments (百度文库 and 道客巴巴 ask members for none).
 */
async function switchedOn(ctx: AppContext, kind: CaptchaKind, userId: number): Promise<boolean> {
  const on = captchaSwitch(kind);
  if (!on || !(await ctx.settings.get(on))) return false;
  return kind !== 'comment' || userId <= 0 || ctx.settings.get(SETTINGS.security.enable_captcha_comment_member);
}

/**
 * Creates a captcha for a form when its switch is on, or for the login form while logins are
 * under attack (see user/login-throttle.ts). The answer lives in the database (not in process
 * memory as in moredoc) so that any instance behind a load balancer can verify it.
 */
export async function createCaptcha(ctx: AppContext, kind: CaptchaKind, ip: string, userId = 0): Promise<CaptchaReply> {
  const cfg = await ctx.settings.group(SETTINGS.captcha);
  const style = cfg.type || SETTINGS.captcha.type.default;
  const on =
    kind === 'sms' ||
    (await switchedOn(ctx, kind, userId)) ||
    (kind === 'login' && (await loginCaptchaPressure(ctx.repos.loginFailure, ip)));
  if (!on) return { type: style };

  // the declared bounds hold the sizes to what renders legibly
  const { length, width, height } = SETTINGS.captcha;
  const c = render(style, bounded(length, cfg.length), bounded(width, cfg.width), bounded(height, cfg.height));
  const png = await (await loadSharp())(Buffer.from(c.svg)).png().toBuffer();

  const id = randomUUID();
  const now = nowIso();
  const expires_at = new Date(Date.now() + CAPTCHA_TTL_MS).toISOString();
  await ctx.repos.captcha.add({ id, answer: c.answer.toLowerCase(), expires_at }, now);
  return { enable: true, id, captcha: `data:image/png;base64,${png.toString('base64')}`, type: c.type };
}

/**
 * Checks an answer (case-insensitive). A consumed captcha is deleted whatever the answer; an
 * unconsumed one (the registration e-mail code, answered again by the registration) survives
 * only a right answer, so a captcha can never be guessed at more than once.
 */
export async function verifyCaptcha(db: Database, id: string, answer: string, opts: { consume: boolean }): Promise<boolean> {
  if (!id || !answer) return false;
  const given = answer.trim().toLowerCase();
  const repo = new CaptchaRepo(db);
  const now = nowIso();
  if (opts.consume) {
    const row = await repo.take(id);
    return Boolean(row && row.expires_at > now && row.answer === given);
  }
  const row = await repo.get(id);
  if (row && row.expires_at > now && row.answer === given) return true;
  if (row) await repo.remove(id);
  return false;
}

/**
 * Throws 400 验证码错误 when the form's captcha switch is on (or `force` says the captcha is due
 * anyway) and the answer is wrong, missing or expired.
 */
export async function requireCaptcha(
  ctx: AppContext,
  kind: CaptchaKind,
  input: { captcha_id?: string; captcha?: string },
  opts: { consume: boolean; force?: boolean; userId?: number },
): Promise<void> {
  if (!opts.force && !(await switchedOn(ctx, kind, opts.userId ?? 0))) return;
  if (!(await verifyCaptcha(ctx.db, input.captcha_id ?? '', input.captcha ?? '', opts))) throw badRequest(CAPTCHA_ERROR);
}
