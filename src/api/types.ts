/**
 * Client-side wire shapes of /api/v1 (api-contract §3). The server omits zero values,
 * so raw answers are `Partial<…>`; the normalisers in defaults.ts turn them into these
 * complete shapes. Navigation comes from the shared contract.
 */
import type { Navigation } from '../contract/navigation.ts';

export type { Navigation };

/** A raw answer: any field may be missing. */
export type Wire<T> = Partial<T>;

export interface User {
  id: number;
  username: string;
  mobile: string;
  email: string;
  address: string;
  signature: string;
  avatar: string;
  identity: string;
  realname: string;
  remark: string;
  last_login_ip: string;
  register_ip: string;
  doc_count: number;
  follow_count: number;
  fans_count: number;
  favorite_count: number;
  comment_count: number;
  article_count: number;
  credit_count: number;
  status: number;
  group_id: number[];
  login_at: string;
  created_at: string;
  updated_at: string;
}

export interface Permission {
  id: number;
  method: string;
  path: string;
  title: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface Group {
  id: number;
  title: string;
  color: string;
  description: string;
  is_default: boolean;
  is_display: boolean;
  user_count: number;
  sort: number;
  enable_upload: boolean;
  enable_document_review: boolean;
  enable_comment: boolean;
  enable_comment_approval: boolean;
  enable_article: boolean;
  enable_article_approval: boolean;
  created_at: string;
  updated_at: string;
}

export interface Category {
  id: number;
  parent_id: number;
  title: string;
  doc_count: number;
  sort: number;
  enable: boolean;
  cover: string;
  icon: string;
  description: string;
  show_description: boolean;
  /** 0 document category, 1 article category */
  type: number;
  created_at: string;
  updated_at: string;
}

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

export interface Language {
  id: number;
  language: string;
  code: string;
  enable: boolean;
  total: number;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface Attachment {
  id: number;
  hash: string;
  user_id: number;
  type_id: number;
  /** §4.6: 0 unknown, 1 avatar, 2 document, 3 article, 4 comment, 5 banner, 6 category cover, 7 config */
  type: number;
  enable: boolean;
  path: string;
  name: string;
  size: number;
  width: number;
  height: number;
  ext: string;
  ip: string;
  description: string;
  username: string;
  type_name: string;
  created_at: string;
  updated_at: string;
}

export interface Download {
  id: number;
  user_id: number;
  document_id: number;
  ip: string;
  is_pay: boolean;
  title: string;
  ext: string;
  document_uuid: string;
  score: number;
  pages: number;
  size: number;
  created_at: string;
  updated_at: string;
}

export interface Dynamic {
  id: number;
  user_id: number;
  type: number;
  content: string;
  created_at: string;
}

export interface LoginReply {
  token: string;
  user: User;
}

export interface CaptchaReply {
  enable: boolean;
  id: string;
  /** data URI (image or audio) */
  captcha: string;
  type: string;
}

/** `{total, <key>: [...]}` list answers, normalised (total 0 and [] when omitted). */
export type ListReply<K extends string, T> = { total: number } & { [P in K]: T[] };

export type { Stats, EnvDependent, DeviceInfo, Release, UploadReply } from './types-system.ts';
export type { Settings, SettingsSystem, SettingsFooter, SettingsSecurity, SettingsDisplay } from './settings-types.ts';
export type { SettingsLanguage, SettingsVip, SettingsOAuth } from './settings-types.ts';
