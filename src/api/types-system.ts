/** Wire shapes of the admin system calls (api-contract §3.11) and upload answers (§2.20). */

export interface Stats {
  user_count: number;
  document_count: number;
  category_count: number;
  article_count: number;
  comment_count: number;
  banner_count: number;
  friendlink_count: number;
  report_count: number;
  os: string;
  version: string;
  hash: string;
  build_at: string;
}

export interface EnvDependent {
  name: string;
  description: string;
  error: string;
  cmd: string;
  version: string;
  is_installed: boolean;
  is_required: boolean;
  checked_at: string;
}

export interface DeviceInfo {
  cpu: { cores: number; model_name: string; mhz: number; percent: number };
  memory: { total: number; available: number; used: number; free: number; percent: number };
  disk: { disk_name: string; total: number; used: number; free: number; percent: number }[];
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

/** Upload routes answer `{code, message, data}`. */
export interface UploadReply<T> {
  code: number;
  message: string;
  data: T;
}
