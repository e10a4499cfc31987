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

export interface ConfigItem {
  id: number;
  category: string;
  name: string;
  label: string;
  value: string;
  placeholder: string;
  input_type: string;
  options: string;
  sort: number;
  col_num: number;
  created_at: string;
  updated_at: string;
}
export interface ConfigListReply {
  config?: ConfigItem[];
}
export type ConfigUpdate = z.infer<typeof configUpdate>;

export interface ConfigSystem {
  domain: string;
  title: string;
  keywords: string;
  description: string;
  logo: string;
  favicon: string;
  icp: string;
  sec_icp: string;
  analytics: string;
  sitename: string;
  copyright_start_year: string;
  /** IANA time zone every page prints times in (Wenku; moredoc has none). */
  timezone: string;
  register_background: string;
  login_background: string;
  recommend_words: string[];
  version: string;
  credit_name: string;
  /** Wenku: the credits a daily sign-in earns (积分配置 → 签到), shown on the home page's sign-in card */
  sign_award: number;
}
export interface ConfigFooter {
  about: string;
  contact: string;
  agreement: string;
  copyright: string;
  feedback: string;
}
export interface ConfigSecurity {
  is_close: boolean;
  close_statement: string;
  enable_register: boolean;
  enable_captcha_login: boolean;
  enable_captcha_register: boolean;
  enable_captcha_comment: boolean;
  enable_captcha_find_password: boolean;
  enable_captcha_upload: boolean;
  login_required: boolean;
  enable_verify_register_email: boolean;
  max_document_size: number;
  document_allowed_ext: string[];
}
export interface ConfigDisplay {
  show_register_user_count: boolean;
  show_index_categories: boolean;
  show_document_descriptions: boolean;
  hide_keywords_on_lists: boolean;
  show_document_count: boolean;
  show_document_view_count: boolean;
  show_document_download_count: boolean;
  show_document_favorite_count: boolean;
  hide_category_without_document: boolean;
  pages_per_read: number;
  copyright_statement: string;
  wechat_tip: string;
  wechat_qrcode: string;
  contact_tip: string;
  contact_link: string;
  index_document_style: string;
  home_version: string;
}
/**
 * VIP settings as moredoc Pro sends them: prices in fen, `document_discount` a fraction of the price
 * (0.8 = 8折, shown ×10), `download` the VIP-document quota, `times_every_day` 0 = unlimited.
 */
export interface ConfigVip {
  enable: boolean;
  enable_credit_pay: boolean;
  icon: string;
  year_price: number;
  year_original_price: number;
  year_download: number;
  year_times_every_day: number;
  year_document_discount: number;
  quarter_price: number;
  quarter_original_price: number;
  quarter_download: number;
  quarter_times_every_day: number;
  quarter_document_discount: number;
  month_price: number;
  month_original_price: number;
  month_download: number;
  month_times_every_day: number;
  month_document_discount: number;
}
/** Wenku addition: which payment methods the checkout offers, and what a 元 buys in credits. */
export interface ConfigPayment {
  wechat: boolean;
  alipay: boolean;
  credit_exchange: number;
  enable_recharge: boolean;
}
/** moredoc Pro's `download` settings group (the download drawer's rules panel). */
export interface ConfigDownload {
  enable_guest_download: boolean;
  free_download_duration: number;
  times_every_day: number;
  times_every_ip: number;
}
/** Which third-party sign-ins are on (GET /oauth/configs has their buttons). */
export interface ConfigOauth {
  qq: boolean;
  wechat: boolean;
  github: boolean;
  gitee: boolean;
}
/** Wenku addition: whether the auth pages offer 手机号 (SMS codes). */
export interface ConfigSms {
  enable: boolean;
}
/**
 * Wenku addition: true when the site sends no mail (找回密码 by e-mail cannot work). Said as
 * "disabled" because the wire omits false values and a server that says nothing (moredoc) may send mail.
 */
export interface ConfigEmail {
  disabled: boolean;
}
export interface SettingsLanguage {
  id: number;
  language: string;
  code: string;
}
export interface Settings {
  system: ConfigSystem;
  footer: ConfigFooter;
  security: ConfigSecurity;
  display: ConfigDisplay;
  language: SettingsLanguage[];
  vip: ConfigVip;
  oauth: ConfigOauth;
  payment: ConfigPayment;
  download: ConfigDownload;
  sms: ConfigSms;
  email: ConfigEmail;
}

export interface Stats {
  user_count: number;
  document_count: number;
  article_count: number;
  category_count?: number;
  comment_count?: number;
  banner_count?: number;
  friendlink_count?: number;
  report_count?: number;
  /** os, version, hash and build_at: holders of 查看系统信息 only */
  os?: string;
  version?: string;
  hash?: string;
  build_at?: string;
}

export interface EnvDependent {
  name: string;
  description: string;
  cmd: string;
  is_required: boolean;
  is_installed: boolean;
  version: string;
  error: string;
  checked_at: string;
}
export interface EnvsReply {
  envs?: EnvDependent[];
}

export interface DeviceInfo {
  cpu: { cores: number; model_name: string; mhz: number; percent: number };
  memory: { total: number; available: number; used: number; free: number; percent: number };
  disk: Array<{ disk_name: string; total: number; used: number; free: number; percent: number }>;
}

export interface Release {
  tag_name: string;
  name: string;
  body: string;
  release_at: string;
  ignore: string;
  source: string;
  current: string;
}
