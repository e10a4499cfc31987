import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Booleans are stored as 0/1 integers and timestamps as ISO-8601 UTC text on every dialect. */
type Bool = number;
type Ts = string;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password: string;
  email: string;
  mobile: string;
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
  login_at: Ts | null;
  created_at: Ts;
  updated_at: Ts;
  // added by 011_accounts (see there)
  token_version: Generated<number>;
  token_keep: Generated<string>;
  reset_nonce: Generated<string>;
  username_key: string | null;
}

export interface GroupsTable {
  id: Generated<number>;
  title: string;
  color: string;
  description: string;
  is_default: Bool;
  is_display: Bool;
  user_count: number;
  sort: number;
  enable_upload: Bool;
  enable_document_review: Bool;
  enable_comment: Bool;
  enable_comment_approval: Bool;
  enable_article: Bool;
  enable_article_approval: Bool;
  created_at: Ts;
  updated_at: Ts;
}

export interface UserGroupsTable {
  id: Generated<number>;
  user_id: number;
  group_id: number;
  created_at: Ts;
}

export interface PermissionsTable {
  id: Generated<number>;
  method: string;
  path: string;
  title: string;
  description: string;
  created_at: Ts;
  updated_at: Ts;
}

export interface GroupPermissionsTable {
  id: Generated<number>;
  group_id: number;
  permission_id: number;
  created_at: Ts;
}

export interface ConfigsTable {
  id: Generated<number>;
  category: string;
  name: string;
  label: string;
  value: string;
  placeholder: string;
  input_type: string;
  options: string;
  sort: number;
  col_num: number;
  is_secret: Bool;
  created_at: Ts;
  updated_at: Ts;
}

export interface SecretsTable {
  name: string;
  value: string;
}

export interface NavigationsTable {
  id: Generated<number>;
  title: string;
  href: string;
  target: string;
  color: string;
  description: string;
  sort: number;
  enable: Bool;
  parent_id: number;
  fixed: Bool;
  created_at: Ts;
  updated_at: Ts;
}

export interface CategoriesTable {
  id: Generated<number>;
  parent_id: number;
  title: string;
  doc_count: number;
  sort: number;
  enable: Bool;
  cover: string;
  icon: string;
  description: string;
  show_description: Bool;
  type: number;
  created_at: Ts;
  updated_at: Ts;
}

export interface LanguagesTable {
  id: Generated<number>;
  language: string;
  code: string;
  enable: Bool;
  total: number;
  sort: number;
  created_at: Ts;
  updated_at: Ts;
}

export interface AttachmentsTable {
  id: Generated<number>;
  hash: string;
  user_id: number;
  type_id: number;
  type: number;
  enable: Bool;
  path: string;
  name: string;
  size: number;
  width: number;
  height: number;
  ext: string;
  ip: string;
  description: string;
  created_at: Ts;
  updated_at: Ts;
  deleted_at: Ts | null;
}

export interface RevokedTokensTable {
  uuid: string;
  user_id: number;
  expires_at: Ts;
  created_at: Ts;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expires_at: Ts;
}

export interface EmailCodesTable {
  id: Generated<number>;
  email: string;
  ip: string;
  code: string;
  code_type: number;
  success: Bool;
  error: string;
  is_used: Bool;
  created_at: Ts;
}

/** Every change of a user's credit balance, written in the same transaction as the change. */
export interface CreditLogsTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  balance: number;
  reason: string;
  ref_type: string;
  ref_id: number;
  created_at: Ts;
}

export interface DocumentsTable {
  id: Generated<number>;
  uuid: string;
  title: string;
  keywords: string;
  description: string;
  preview_ext: string;
  ext: string;
  language: string;
  /** md5 of the original file: the key of its stored file and generated pages */
  hash: string;
  convert_error: string;
  lease_owner: string;
  user_id: number;
  width: number;
  height: number;
  pages: number;
  preview: number;
  enable_gzip: Bool;
  download_count: number;
  view_count: number;
  favorite_count: number;
  comment_count: number;
  score: number;
  score_count: number;
  price: number;
  status: number;
  attachment_id: number;
  deleted_user_id: number;
  convert_attempts: number;
  size: number;
  is_vip: Generated<Bool>;
  recommend_at: Ts | null;
  deleted_at: Ts | null;
  lease_until: Ts | null;
  converted_at: Ts | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface DocumentCategoriesTable {
  id: Generated<number>;
  document_id: number;
  category_id: number;
  created_at: Ts;
  /** the document's list columns, copied by triggers (migration 033): a category's lists page on its links */
  status: Generated<number>;
  deleted_at: Generated<Ts | null>;
  view_count: Generated<number>;
  download_count: Generated<number>;
  score: Generated<number>;
  ext: Generated<string>;
  price: Generated<number>;
  language: Generated<string>;
}

export interface DocumentPagesTable {
  hash: string;
  page: number;
  text: string;
  /** 0 text layer (or not recognised), 1 waiting for OCR, 2 recognised, 3 recognition failed (migration 021) */
  ocr_state: Generated<number>;
  /** the recognised words' mean confidence 0–100; -1 when not recognised */
  ocr_confidence: Generated<number>;
}

export interface DownloadsTable {
  id: Generated<number>;
  ip: string;
  user_id: number;
  document_id: number;
  is_pay: Bool;
  price: number;
  /** the VIP membership whose quota paid it */
  vip_id: Generated<number>;
  /** the paid document order it used */
  order_id: Generated<number>;
  created_at: Ts;
  updated_at: Ts;
}

export interface DocumentScoresTable {
  id: Generated<number>;
  document_id: number;
  user_id: number;
  score: number;
  created_at: Ts;
  updated_at: Ts;
}

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  document_id: number;
  type: number;
  created_at: Ts;
  updated_at: Ts;
}

export interface ReportsTable {
  id: Generated<number>;
  remark: string;
  document_id: number;
  user_id: number;
  reason: number;
  status: Bool;
  created_at: Ts;
  updated_at: Ts;
}

export interface BannersTable {
  id: Generated<number>;
  title: string;
  path: string;
  url: string;
  description: string;
  sort: number;
  enable: Bool;
  type: number;
  created_at: Ts;
  updated_at: Ts;
}

export interface FriendlinksTable {
  id: Generated<number>;
  title: string;
  link: string;
  description: string;
  sort: number;
  enable: Bool;
  created_at: Ts;
  updated_at: Ts;
}

export interface AdvertisementsTable {
  id: Generated<number>;
  position: string;
  title: string;
  content: string;
  remark: string;
  user_id: number;
  enable: Bool;
  start_time: Ts | null;
  end_time: Ts | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface PunishmentsTable {
  id: Generated<number>;
  reason: string;
  remark: string;
  operators: string;
  user_id: number;
  type: number;
  enable: Bool;
  end_time: Ts | null;
  created_at: Ts;
  updated_at: Ts;
}

/** Per-hour sums of each process's operational counters (metrics/hourly.ts). */
export interface MetricHoursTable {
  /** the hour's start, ISO `YYYY-MM-DDTHH` (UTC) */
  hour: string;
  name: string;
  value: number;
}

/** The request that uploaded a document: its id goes into the conversion and render logs. */
export interface DocumentRequestsTable {
  document_id: number;
  request_id: string;
}

export interface DB {
  metric_hours: MetricHoursTable;
  document_requests: DocumentRequestsTable;
  users: UsersTable;
  groups: GroupsTable;
  user_groups: UserGroupsTable;
  permissions: PermissionsTable;
  group_permissions: GroupPermissionsTable;
  configs: ConfigsTable;
  secrets: SecretsTable;
  navigations: NavigationsTable;
  categories: CategoriesTable;
  languages: LanguagesTable;
  attachments: AttachmentsTable;
  revoked_tokens: RevokedTokensTable;
  captchas: CaptchasTable;
  email_codes: EmailCodesTable;
  credit_logs: CreditLogsTable;
  documents: DocumentsTable;
  document_categories: DocumentCategoriesTable;
  document_pages: DocumentPagesTable;
  downloads: DownloadsTable;
  document_scores: DocumentScoresTable;
  favorites: FavoritesTable;
  reports: ReportsTable;
  banners: BannersTable;
  friendlinks: FriendlinksTable;
  advertisements: AdvertisementsTable;
  punishments: PunishmentsTable;
  user_oauths: UserOauthsTable;
  oauth_states: OauthStatesTable;
  oauth_sessions: OauthSessionsTable;
  sms: SmsTable;
  comments: CommentsTable;
  feedbacks: FeedbacksTable;
  articles: ArticlesTable;
  article_categories: ArticleCategoriesTable;
  search_entries: SearchEntriesTable;
  search_refs: SearchRefsTable;
  search_facets: SearchFacetsTable;
  search_records: SearchRecordsTable;
  login_failures: LoginFailuresTable;
  table_versions: TableVersionsTable;
  import_state: ImportStateTable;
  user_signs: UserSignsTable;
  orders: OrdersTable;
  payment_logs: PaymentLogsTable;
  user_vips: UserVipsTable;
  rate_limits: RateLimitsTable;
  leases: LeasesTable;
  notifications: NotificationsTable;
  backup_runs: BackupRunsTable;
  page_checks: PageChecksTable;
  document_views: DocumentViewsTable;
  long_tail_pages: LongTailPagesTable;
  long_tail_bytes: LongTailBytesTable;
}

export type DocumentRow = Selectable<DocumentsTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type GroupRow = Selectable<GroupsTable>;
export type PermissionRow = Selectable<PermissionsTable>;
export type ConfigRow = Selectable<ConfigsTable>;
export type NavigationRow = Selectable<NavigationsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type LanguageRow = Selectable<LanguagesTable>;
export type AttachmentRow = Selectable<AttachmentsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type FeedbackRow = Selectable<FeedbacksTable>;
export type ArticleRow = Selectable<ArticlesTable>;
export type SearchRecordRow = Selectable<SearchRecordsTable>;

/** type 0 document / 1 article; status 0 pending, 1 approved, 2 rejected; content is plain text. */
export interface CommentsTable {
  id: Generated<number>;
  parent_id: number;
  document_id: number;
  type: number;
  content: string;
  status: number;
  comment_count: number;
  user_id: number;
  ip: string;
  created_at: Ts;
  updated_at: Ts;
}

/** Guest messages of the feedback form; status 0 pending, 1 handled. */
export interface FeedbacksTable {
  id: Generated<number>;
  name: string;
  contact: string;
  content: string;
  status: number;
  reply: string;
  ip: string;
  user_id: number;
  created_at: Ts;
  updated_at: Ts;
}

/** A provider's account as it tells us of it: kept linked, or waiting to be linked. */
interface OauthProfile {
  oauth_type: number;
  openid: string;
  unionid: string;
  /** the provider's login name (GitHub/Gitee), else empty */
  username: string;
  nickname: string;
  avatar: string;
}

/** A provider account linked to one of ours (migration 013). */
export interface UserOauthsTable extends OauthProfile {
  id: Generated<number>;
  user_id: number;
  created_at: Ts;
  updated_at: Ts;
}

/** An authorization started by a browser; single use, short-lived (oauth.service.ts). */
export interface OauthStatesTable {
  id: Generated<number>;
  state_hash: string;
  browser_hash: string;
  oauth_type: number;
  redirect: string;
  expires_at: Ts;
}

/** A provider profile waiting to be linked ("完善用户信息"). */
export interface OauthSessionsTable extends OauthProfile {
  id: Generated<number>;
  session_hash: string;
  expires_at: Ts;
}

/** Every SMS code sent or attempted (sms.service.ts). */
export interface SmsTable {
  id: Generated<number>;
  /** 0 register, 1 login, 2 find password */
  sms_type: number;
  /** 0 sending, 1 sent, 2 failed */
  status: number;
  user_id: number;
  mobile: string;
  code: string;
  ip: string;
  provider: string;
  error: string;
  response: string;
  /** wrong answers so far */
  tries: number;
  is_used: Bool;
  created_at: Ts;
  updated_at: Ts;
}

/** status 0 pending review, 1 published, 2 rejected; content is sanitised HTML. */
export interface ArticlesTable {
  id: Generated<number>;
  identifier: string;
  author: string;
  user_id: number;
  title: string;
  keywords: string;
  description: string;
  content: string;
  view_count: number;
  favorite_count: number;
  comment_count: number;
  status: number;
  reject_reason: string;
  recommend_at: Ts | null;
  deleted_at: Ts | null;
  deleted_user_id: number;
  created_at: Ts;
  updated_at: Ts;
}

export interface ArticleCategoriesTable {
  id: Generated<number>;
  article_id: number;
  category_id: number;
  created_at: Ts;
}

/** Full-text index entries: page 0 = head (title, keywords, description), n = text of page n. */
export interface SearchEntriesTable {
  id: Generated<number>;
  /** 'doc' | 'article' */
  kind: string;
  ref_id: number;
  page: number;
  /** raw text for snippets (articles; documents' text stays in documents / document_pages) */
  text: string;
}

/** What each indexed item looked like when indexed; a sync re-indexes items that differ. */
export interface SearchRefsTable {
  kind: string;
  ref_id: number;
  source_updated_at: string;
  status: number;
  indexed_at: Ts;
}

/** What a search counts and filters by, per indexed item (migration 024) */
export interface SearchFacetsTable {
  kind: string;
  ref_id: number;
  /** lower case */
  ext: string;
  language: string;
  /** category ids, comma-separated */
  cats: string;
  /** the change counter when the indexer wrote the row (migration 031, search/facet-store.ts) */
  seq: Generated<number>;
}

/** type 0 document search, 1 article search */
export interface SearchRecordsTable {
  id: Generated<number>;
  user_id: number;
  ip: string;
  user_agent: string;
  keywords: string;
  total: number;
  page: number;
  spend_time: number;
  type: number;
  created_at: Ts;
  updated_at: Ts;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  ip: string;
  /** `u<id>` for an existing account, else `n<folded name or e-mail>` */
  account: string;
  created_at: Ts;
}

/** Change counters of the tables whose list totals are cached (SQLite; PostgreSQL keeps sequences). */
export interface TableVersionsTable {
  name: string;
  version: number;
}

/** A rate limit's counter: one route and address (or Redis keys instead, see migration 015). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  /** end of the window, epoch ms (PostgreSQL bigint: read as a string) */
  resets_at: number | string;
}

/** A document page rendered on a reader's first request (migration 035, site/site.long-tail.ts). */
export interface LongTailPagesTable {
  /** the page's file in the site folder, e.g. `library/3/<uuid>.html` */
  path: string;
  /** the page and its .br/.gz copies (PostgreSQL bigint: read as a number, db.ts) */
  bytes: Generated<number>;
  /** epoch ms a reader last got it */
  read_at: number;
}

/** The total of long_tail_pages.bytes, one row (id 1), kept with them (migration 035). */
export interface LongTailBytesTable {
  id: number;
  bytes: number;
}

/** A named lease held by one instance until it runs out (migration 015). */
export interface LeasesTable {
  name: string;
  owner: string;
  /** epoch ms (PostgreSQL bigint: read as a string) */
  expires_at: number | string;
}

/** Progress of a one-time check of stored pages (migration 020, convert/page-check.ts). */
export interface PageChecksTable {
  name: string;
  /** the last document id checked */
  last_id: number;
  /** the check ends after this document id (documents converted later were checked as they were converted) */
  until_id: number;
  updated_at: Ts;
}

/** When a reader's view of a document last counted (migration 020): one view per reader and interval. */
export interface DocumentViewsTable {
  document_id: number;
  /** `u<user id>` or `ip<address>` */
  reader: string;
  /** epoch ms (PostgreSQL bigint: read as a string) */
  counted_at: number | string;
}

/** Progress of `wenku import moredoc`, per source and step (see migration 008). */
export interface ImportStateTable {
  source: string;
  step: string;
  last_id: number;
  rows: number;
  done: Bool;
  updated_at: Ts;
}

// ───────────────────────────── money (migration 014) ─────────────────────────────

/** One daily sign-in; `sign_day` is the calendar day (YYYY-MM-DD) in the site's time zone. */
export interface UserSignsTable {
  id: Generated<number>;
  user_id: number;
  sign_day: string;
  award: number;
  ip: string;
  created_at: Ts;
}

/**
 * order_type 1 document, 2 VIP, 3 recharge; status 1 pending, 2 paid, 3 closed; payment_type as
 * moredoc Pro (1 WeChat, 2 Alipay, 5 credits, 6 system recharge). Amounts are integers: credits for
 * document orders, fen for VIP and recharge orders. `credit`: credits a recharge grants.
 */
export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  order_type: number;
  product_id: number;
  product_uuid: string;
  product_name: string;
  quantity: number;
  price: number;
  coupon_amount: number;
  amount: number;
  credit: number;
  status: number;
  payment_type: number;
  trade_no: string;
  /** a second payment of the same order, to be refunded (migration 026) */
  refund_trade_no: Generated<string>;
  refund_payment_type: Generated<number>;
  /** 0 none, 1 需退款, 2 已退款 */
  refund_status: Generated<number>;
  remark: string;
  ip: string;
  user_deleted: Bool;
  paid_at: Ts | null;
  closed_at: Ts | null;
  created_at: Ts;
  updated_at: Ts;
}

/** Every payment notify received and what became of it (paid, duplicate, bad_signature…). */
export interface PaymentLogsTable {
  id: Generated<number>;
  provider: string;
  order_no: string;
  outcome: string;
  detail: string;
  ip: string;
  created_at: Ts;
}

/** type 0 year, 1 quarter, 2 month; discount in percent of the price (80 = 8折, 100 = none). */
export interface UserVipsTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  discount: number;
  download: number;
  download_used: number;
  times: number;
  order_no: string;
  joined_at: Ts;
  expired_at: Ts;
  created_at: Ts;
}

/** A notice to a member: his document or comment was approved or rejected (migration 016). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** 'document' or 'comment' */
  kind: string;
  target_id: number;
  title: string;
  /** the reviewer's reason, or '' */
  content: string;
  read_at: Ts | null;
  created_at: Ts;
  updated_at: Ts;
}

/** A backup made by the server: kind 'schedule' | 'manual'; status 'running' | 'ok' | 'failed'. */
export interface BackupRunsTable {
  id: Generated<number>;
  kind: string;
  slot: Generated<string>;
  status: string;
  file: Generated<string>;
  bytes: Generated<number>;
  message: Generated<string>;
  started_at: Ts;
  finished_at: Generated<string>;
}
