/**
 * Every site setting, by category (docs/ARCHITECTURE.md "Settings"): read on the server with
 * `ctx.settings.get(SETTINGS.download.url_duration)`, seeded into `configs` from ALL_SETTINGS.
 */
import { BACKUP } from './backup.ts';
import { CAPTCHA } from './captcha.ts';
import { CONVERTER } from './converter.ts';
import type { Setting } from './define.ts';
import { DISPLAY } from './display.ts';
import { DOWNLOAD } from './download.ts';
import { EMAIL } from './email.ts';
import { FOOTER } from './footer.ts';
import { OAUTH } from './oauth.ts';
import { PAY } from './pay.ts';
import { RELEASE } from './release.ts';
import { SCORE } from './score.ts';
import { SECURITY } from './security.ts';
import { SMS } from './sms.ts';
import { SYSTEM } from './system.ts';
import { VIP } from './vip.ts';

/**
 * Categories whose values every pre-rendered page shows (site name, footer, display): a change to
 * one of them renders the whole site again, whoever makes it (the back office or the operator CLI).
 */
export const PAGE_CATEGORIES: ReadonlySet<string> = new Set(['system', 'footer', 'display']);

export const SETTINGS = {
  system: SYSTEM,
  captcha: CAPTCHA,
  security: SECURITY,
  footer: FOOTER,
  converter: CONVERTER,
  download: DOWNLOAD,
  score: SCORE,
  email: EMAIL,
  display: DISPLAY,
  release: RELEASE,
  oauth: OAUTH,
  sms: SMS,
  pay: PAY,
  vip: VIP,
  backup: BACKUP,
} as const;

export type SettingCategory = keyof typeof SETTINGS;

/** Every declared setting, category by category. */
export const ALL_SETTINGS: readonly Setting[] = Object.values(SETTINGS).flatMap((g) => Object.values(g) as Setting[]);

/** The declaration of a stored row, if it is one of ours. */
export const settingOf = (category: string, name: string): Setting | undefined =>
  (SETTINGS as Record<string, Record<string, Setting> | undefined>)[category]?.[name];

export * from './define.ts';
