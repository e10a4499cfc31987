/** GET /settings (api-contract §3.11, spec §1). Every group always present after `settingsWithDefaults`. */
import type { Settings as ContractSettings } from '../contract/config.ts';

export interface SettingsSystem {
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
  register_background: string;
  login_background: string;
  recommend_words: string[];
  version: string;
  credit_name: string;
}

export interface SettingsFooter {
  about: string;
  contact: string;
  agreement: string;
  copyright: string;
  feedback: string;
}

export interface SettingsSecurity {
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
  /** MB; 50 when the server sends 0 or nothing */
  max_document_size: number;
  document_allowed_ext: string[];
}

export interface SettingsDisplay {
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

export interface SettingsLanguage {
  id: number;
  language: string;
  code: string;
}

/** Membership switch (Wenku addition; plans and prices come from the vip calls, not settings). */
export interface SettingsVip {
  enable: boolean;
}

/** Third-party sign-in switches (spec §1: wechat and qq, default false). */
export interface SettingsOAuth {
  wechat: boolean;
  qq: boolean;
}

export interface Settings {
  system: SettingsSystem;
  footer: SettingsFooter;
  security: SettingsSecurity;
  display: SettingsDisplay;
  language: SettingsLanguage[];
  vip: SettingsVip;
  oauth: SettingsOAuth;
}

/**
 * Compile-time guard: the server's contract and these client shapes must stay identical,
 * so a change on either side fails type-checking here instead of at run time.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type SettingsInSyncWithContract = Assert<Same<Settings, ContractSettings>>;
