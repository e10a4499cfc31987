import type {
  Settings,
  SettingsDisplay,
  SettingsFooter,
  SettingsLanguage,
  SettingsOAuth,
  SettingsSms,
  SettingsSecurity,
  SettingsSystem,
  SettingsVip,
  SettingsPayment,
  SettingsDownload,
} from './settings-types.ts';

/** Upload limit used when the server sends 0 or nothing (api-contract §3.11). */
export const DEFAULT_MAX_DOCUMENT_SIZE_MB = 50;

const SYSTEM: SettingsSystem = {
  domain: '',
  title: '',
  keywords: '',
  description: '',
  logo: '',
  favicon: '',
  icp: '',
  sec_icp: '',
  analytics: '',
  sitename: '',
  copyright_start_year: '',
  timezone: '',
  register_background: '',
  login_background: '',
  recommend_words: [],
  version: '',
  credit_name: '',
  sign_award: 0,
};

const FOOTER: SettingsFooter = { about: '', contact: '', agreement: '', copyright: '', feedback: '' };

const SECURITY: SettingsSecurity = {
  is_close: false,
  close_statement: '',
  enable_register: false,
  enable_captcha_login: false,
  enable_captcha_register: false,
  enable_captcha_comment: false,
  enable_captcha_comment_member: false,
  enable_captcha_find_password: false,
  enable_captcha_upload: false,
  login_required: false,
  enable_verify_register_email: false,
  max_document_size: DEFAULT_MAX_DOCUMENT_SIZE_MB,
  document_allowed_ext: [],
};

const DISPLAY: SettingsDisplay = {
  show_register_user_count: false,
  show_index_categories: false,
  show_document_descriptions: false,
  hide_keywords_on_lists: false,
  show_document_count: false,
  show_document_view_count: false,
  show_document_download_count: false,
  show_document_favorite_count: false,
  hide_category_without_document: false,
  pages_per_read: 0,
  copyright_statement: '',
  wechat_tip: '',
  wechat_qrcode: '',
  contact_tip: '',
  contact_link: '',
  index_document_style: '',
  home_version: '',
};

const plan = (key: string) => ({
  [`${key}_price`]: 0,
  [`${key}_original_price`]: 0,
  [`${key}_download`]: 0,
  [`${key}_times_every_day`]: 0,
  [`${key}_document_discount`]: 0,
});
const VIP = {
  enable: false,
  enable_credit_pay: false,
  icon: '',
  ...plan('year'),
  ...plan('quarter'),
  ...plan('month'),
} as SettingsVip;

const PAYMENT: SettingsPayment = { wechat: false, alipay: false, credit_exchange: 0, enable_recharge: false };
const DOWNLOAD: SettingsDownload = {
  enable_guest_download: false,
  free_download_duration: 0,
  times_every_day: 0,
  times_every_ip: 0,
};

const OAUTH: SettingsOAuth = { wechat: false, qq: false, github: false, gitee: false };

const SMS: SettingsSms = { enable: false };

/** A server that does not say (moredoc) is taken to send mail: its refusal still shows on submit. */
const EMAIL: Settings['email'] = { disabled: false };

const LANGUAGE: SettingsLanguage = { id: 0, language: '', code: '' };

function splitList(v: unknown): string[] {
  if (Array.isArray(v))
    return v
      .map(String)
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

/**
 * Group defaults overlaid with the raw group. Values are coerced to the default's type,
 * so config-style strings ('true', '50', 'a,b') from any compatible server still work.
 */
function typed<T extends object>(defaults: T, raw: unknown): T {
  const src = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...src };
  for (const [k, d] of Object.entries(defaults)) {
    const v = src[k];
    if (v === undefined || v === null) out[k] = Array.isArray(d) ? [...(d as unknown[])] : d;
    else if (Array.isArray(d)) out[k] = splitList(v);
    else if (typeof d === 'boolean') out[k] = v === true || v === 'true' || v === 1 || v === '1';
    else if (typeof d === 'number') out[k] = Number.isFinite(Number(v)) ? Number(v) : d;
    else out[k] = String(v);
  }
  return out as T;
}

/** Complete settings from a (possibly partial or empty) GET /settings answer. */
export function settingsWithDefaults(raw?: unknown): Settings {
  const src = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const security = typed(SECURITY, src.security);
  if (!(security.max_document_size > 0)) security.max_document_size = DEFAULT_MAX_DOCUMENT_SIZE_MB;
  // Wenku's formats converted now: kept absent when the server does not say (moredoc), so all stay offered
  const convertible = (src.security as Record<string, unknown> | undefined)?.convertible_ext;
  if (convertible !== undefined && convertible !== null) security.convertible_ext = splitList(convertible);
  return {
    system: typed(SYSTEM, src.system),
    footer: typed(FOOTER, src.footer),
    security,
    display: typed(DISPLAY, src.display),
    language: Array.isArray(src.language) ? src.language.map((l) => typed(LANGUAGE, l)) : [],
    vip: typed(VIP, src.vip),
    oauth: typed(OAUTH, src.oauth),
    payment: typed(PAYMENT, src.payment),
    download: typed(DOWNLOAD, src.download),
    sms: typed(SMS, src.sms),
    email: typed(EMAIL, src.email),
  };
}

/** Settings before anything was loaded. */
export const DEFAULT_SETTINGS: Settings = settingsWithDefaults();
