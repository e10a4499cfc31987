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

export interface DB {
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
}

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
