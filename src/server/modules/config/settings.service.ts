import type { Database } from '../../db/db.ts';
import type { ConfigVip, Settings } from '../../../contract/config.ts';
import { creditName, discountPercent, VIP_PLANS } from '../../../domain/money.ts';
import { LanguageRepo } from '../language/language.repo.ts';
import type { ConfigStore } from './config.store.ts';
import { APP_VERSION } from './version.ts';
import { convertibleExtensions } from '../../convert/formats.ts';

const list = (v: string): string[] =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const bool = (v: string): boolean => v === 'true';
const int = (v: string): number => {
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : 0;
};

/** When the statistics code is given as `<script>` tags, only the code inside them (moredoc). */
export function analyticsCode(raw: string): string {
  const blocks = [...raw.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => (m[1] ?? '').trim()).filter(Boolean);
  return /<script\b/i.test(raw) ? blocks.join('\n') : raw;
}

/** The `vip` group as moredoc Pro sends it (document_discount as a fraction, 0.8 = 8折). */
function vipSettings(get: (n: string) => string): ConfigVip {
  const out: Record<string, unknown> = {
    enable: bool(get('enable')),
    enable_credit_pay: bool(get('enable_credit_pay')),
    icon: get('icon'),
  };
  for (const { key } of VIP_PLANS) {
    for (const f of ['price', 'original_price', 'download', 'times_every_day'] as const)
      out[`${key}_${f}`] = int(get(`${key}_${f}`));
    out[`${key}_document_discount`] = discountPercent(get(`${key}_document_discount`)) / 100;
  }
  return out as unknown as ConfigVip;
}

/** The public site settings (contract §3.11) plus Wenku's `vip`, `oauth`, `sms`, `email`, `payment` and `download` groups. */
export async function buildSettings(db: Database, store: ConfigStore): Promise<Settings> {
  // `store` caches the whole table, so reading category by category costs nothing
  const reader = async (category: string) => {
    const values = await store.category(category);
    return (name: string): string => values[name] ?? '';
  };
  const [s, f, sec, d, score, vip, oauth, sms, pay, dl, mail] = [
    await reader('system'),
    await reader('footer'),
    await reader('security'),
    await reader('display'),
    await reader('score'),
    await reader('vip'),
    await reader('oauth'),
    await reader('sms'),
    await reader('pay'),
    await reader('download'),
    await reader('email'),
  ];
  const language = await new LanguageRepo(db).enabled();
  const maxSize = int(sec('max_document_size'));
  const flags = <K extends string>(get: (n: string) => string, names: readonly K[]) =>
    Object.fromEntries(names.map((n) => [n, bool(get(n))])) as Record<K, boolean>;
  const texts = <K extends string>(get: (n: string) => string, names: readonly K[]) =>
    Object.fromEntries(names.map((n) => [n, get(n)])) as Record<K, string>;
  return {
    system: {
      ...texts(s, [
        'domain',
        'title',
        'keywords',
        'description',
        'logo',
        'favicon',
        'icp',
        'sec_icp',
        'sitename',
        'copyright_start_year',
        'timezone',
        'register_background',
        'login_background',
      ] as const),
      analytics: analyticsCode(s('analytics')),
      recommend_words: list(s('recommend_words')),
      version: APP_VERSION,
      credit_name: creditName(score('credit_name')),
      sign_award: Math.max(0, int(score('sign_in'))),
    },
    footer: texts(f, ['about', 'contact', 'agreement', 'copyright', 'feedback'] as const),
    security: {
      ...flags(sec, [
        'is_close',
        'enable_register',
        'enable_captcha_login',
        'enable_captcha_register',
        'enable_captcha_comment',
        'enable_captcha_comment_member',
        'enable_captcha_find_password',
        'login_required',
        'enable_verify_register_email',
      ] as const),
      enable_captcha_upload: false,
      close_statement: sec('close_statement'),
      max_document_size: maxSize > 0 ? maxSize : 50,
      document_allowed_ext: list(sec('document_allowed_ext')),
      convertible_ext: convertibleExtensions(),
    },
    display: {
      ...flags(d, [
        'show_register_user_count',
        'show_index_categories',
        'show_document_descriptions',
        'hide_keywords_on_lists',
        'show_document_count',
        'show_document_view_count',
        'show_document_download_count',
        'show_document_favorite_count',
        'hide_category_without_document',
      ] as const),
      pages_per_read: int(d('pages_per_read')),
      ...texts(d, [
        'copyright_statement',
        'wechat_tip',
        'wechat_qrcode',
        'contact_tip',
        'contact_link',
        'index_document_style',
        'home_version',
      ] as const),
    },
    language,
    vip: vipSettings(vip),
    oauth: flags((n) => oauth(`enable_${n}`), ['qq', 'wechat', 'github', 'gitee'] as const),
    sms: { enable: bool(sms('enable')) },
    email: { disabled: !bool(mail('enable')) },
    payment: {
      wechat: bool(pay('enable_wechat')),
      alipay: bool(pay('enable_alipay')),
      credit_exchange: int(pay('exchange_rate')),
      enable_recharge: bool(score('enable_recharge')),
    },
    download: {
      enable_guest_download: bool(dl('enable_guest_download')),
      free_download_duration: int(dl('free_download_duration')),
      times_every_day: int(dl('times_every_day')),
      times_every_ip: int(dl('times_every_ip')),
    },
  };
}
