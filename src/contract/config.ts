import { z } from 'zod';
import { integer, repeated } from './common.ts';

/** The value shown instead of a stored secret; sending it back keeps the stored value. */
export const SECRET_MASK = '******';

/** Items are matched by id; only `value` is written. Other Config fields may be sent and are ignored. */
export const configUpdate = z.object({
  config: z
    .array(
      z.object({
        id: integer(z.number().int().positive('配置项 id 无效')),
        category: z.string().optional(),
        name: z.string().optional(),
        value: z.union([z.string(), z.number(), z.boolean()]).transform(String).default(''),
      }),
    )
    .min(1, '请提交要保存的配置项'),
});
export const configList = z.object({ category: repeated(z.string()) });
export const releaseIgnore = z.object({ tag_name: z.string().trim().max(64, '版本号太长').default('') });
export const releaseSource = z.object({ source: z.string({ message: '请选择版本检测来源' }).trim() });

export const configItem = z.object({
  id: z.number(),
  category: z.string(),
  name: z.string(),
  label: z.string(),
  value: z.string(),
  placeholder: z.string(),
  input_type: z.string(),
  options: z.string(),
  sort: z.number(),
  col_num: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConfigItem = z.infer<typeof configItem>;
export const configListReply = z.object({
  config: z.array(configItem).optional(),
});
export type ConfigListReply = z.infer<typeof configListReply>;
export type ConfigUpdate = z.infer<typeof configUpdate>;

export const configSystem = z.object({
  domain: z.string(),
  title: z.string(),
  keywords: z.string(),
  description: z.string(),
  logo: z.string(),
  favicon: z.string(),
  icp: z.string(),
  sec_icp: z.string(),
  analytics: z.string(),
  sitename: z.string(),
  copyright_start_year: z.string(),
  /** IANA time zone every page prints times in (Wenku; moredoc has none). */
  timezone: z.string(),
  register_background: z.string(),
  login_background: z.string(),
  recommend_words: z.array(z.string()),
  version: z.string(),
  credit_name: z.string(),
  /** Wenku: the credits a daily sign-in earns (积分配置 → 签到), shown on the home page's sign-in card */
  sign_award: z.number(),
});
export type ConfigSystem = z.infer<typeof configSystem>;
export const configFooter = z.object({
  about: z.string(),
  contact: z.string(),
  agreement: z.string(),
  copyright: z.string(),
  feedback: z.string(),
});
export type ConfigFooter = z.infer<typeof configFooter>;
export const configSecurity = z.object({
  is_close: z.boolean(),
  close_statement: z.string(),
  enable_register: z.boolean(),
  enable_captcha_login: z.boolean(),
  enable_captcha_register: z.boolean(),
  enable_captcha_comment: z.boolean(),
  enable_captcha_find_password: z.boolean(),
  enable_captcha_upload: z.boolean(),
  login_required: z.boolean(),
  enable_verify_register_email: z.boolean(),
  max_document_size: z.number(),
  document_allowed_ext: z.array(z.string()),
});
export type ConfigSecurity = z.infer<typeof configSecurity>;
export const configDisplay = z.object({
  show_register_user_count: z.boolean(),
  show_index_categories: z.boolean(),
  show_document_descriptions: z.boolean(),
  hide_keywords_on_lists: z.boolean(),
  show_document_count: z.boolean(),
  show_document_view_count: z.boolean(),
  show_document_download_count: z.boolean(),
  show_document_favorite_count: z.boolean(),
  hide_category_without_document: z.boolean(),
  pages_per_read: z.number(),
  copyright_statement: z.string(),
  wechat_tip: z.string(),
  wechat_qrcode: z.string(),
  contact_tip: z.string(),
  contact_link: z.string(),
  index_document_style: z.string(),
  home_version: z.string(),
});
export type ConfigDisplay = z.infer<typeof configDisplay>;
/**
 * VIP settings as moredoc Pro sends them: prices in fen, `document_discount` a fraction of the price
 * (0.8 = 8折, shown ×10), `download` the VIP-document quota, `times_every_day` 0 = unlimited.
 */
export const configVip = z.object({
  enable: z.boolean(),
  enable_credit_pay: z.boolean(),
  icon: z.string(),
  year_price: z.number(),
  year_original_price: z.number(),
  year_download: z.number(),
  year_times_every_day: z.number(),
  year_document_discount: z.number(),
  quarter_price: z.number(),
  quarter_original_price: z.number(),
  quarter_download: z.number(),
  quarter_times_every_day: z.number(),
  quarter_document_discount: z.number(),
  month_price: z.number(),
  month_original_price: z.number(),
  month_download: z.number(),
  month_times_every_day: z.number(),
  month_document_discount: z.number(),
});
export type ConfigVip = z.infer<typeof configVip>;
/** Wenku addition: which payment methods the checkout offers, and what a 元 buys in credits. */
export const configPayment = z.object({
  wechat: z.boolean(),
  alipay: z.boolean(),
  credit_exchange: z.number(),
  enable_recharge: z.boolean(),
});
export type ConfigPayment = z.infer<typeof configPayment>;
/** moredoc Pro's `download` settings group (the download drawer's rules panel). */
export const configDownload = z.object({
  enable_guest_download: z.boolean(),
  free_download_duration: z.number(),
  times_every_day: z.number(),
  times_every_ip: z.number(),
});
export type ConfigDownload = z.infer<typeof configDownload>;
/** Which third-party sign-ins are on (GET /oauth/configs has their buttons). */
export const configOauth = z.object({
  qq: z.boolean(),
  wechat: z.boolean(),
  github: z.boolean(),
  gitee: z.boolean(),
});
export type ConfigOauth = z.infer<typeof configOauth>;
/** Wenku addition: whether the auth pages offer 手机号 (SMS codes). */
export const configSms = z.object({
  enable: z.boolean(),
});
export type ConfigSms = z.infer<typeof configSms>;
/**
 * Wenku addition: true when the site sends no mail (找回密码 by e-mail cannot work). Said as
 * "disabled" because the wire omits false values and a server that says nothing (moredoc) may send mail.
 */
export const configEmail = z.object({
  disabled: z.boolean(),
});
export type ConfigEmail = z.infer<typeof configEmail>;
export const settingsLanguage = z.object({
  id: z.number(),
  language: z.string(),
  code: z.string(),
});
export type SettingsLanguage = z.infer<typeof settingsLanguage>;
export const settings = z.object({
  system: configSystem,
  footer: configFooter,
  security: configSecurity,
  display: configDisplay,
  language: z.array(settingsLanguage),
  vip: configVip,
  oauth: configOauth,
  payment: configPayment,
  download: configDownload,
  sms: configSms,
  email: configEmail,
});
export type Settings = z.infer<typeof settings>;

export const stats = z.object({
  user_count: z.number(),
  document_count: z.number(),
  article_count: z.number(),
  category_count: z.number().optional(),
  comment_count: z.number().optional(),
  banner_count: z.number().optional(),
  friendlink_count: z.number().optional(),
  report_count: z.number().optional(),
  /** os, version, hash and build_at: holders of 查看系统信息 only */
  os: z.string().optional(),
  version: z.string().optional(),
  hash: z.string().optional(),
  build_at: z.string().optional(),
});
export type Stats = z.infer<typeof stats>;

export const envDependent = z.object({
  name: z.string(),
  description: z.string(),
  cmd: z.string(),
  is_required: z.boolean(),
  is_installed: z.boolean(),
  version: z.string(),
  error: z.string(),
  checked_at: z.string(),
});
export type EnvDependent = z.infer<typeof envDependent>;
export const envsReply = z.object({
  envs: z.array(envDependent).optional(),
});
export type EnvsReply = z.infer<typeof envsReply>;

const usage = { total: z.number(), used: z.number(), free: z.number(), percent: z.number() };
export const deviceInfo = z.object({
  cpu: z.object({ cores: z.number(), model_name: z.string(), mhz: z.number(), percent: z.number() }),
  memory: z.object({ ...usage, available: z.number() }),
  disk: z.array(z.object({ disk_name: z.string(), ...usage })),
});
export type DeviceInfo = z.infer<typeof deviceInfo>;

export const release = z.object({
  tag_name: z.string(),
  name: z.string(),
  body: z.string(),
  release_at: z.string(),
  ignore: z.string(),
  source: z.string(),
  current: z.string(),
});
export type Release = z.infer<typeof release>;
