import type { GroupInfo, User } from '../../../contract/user.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';

/** Columns anyone may see on a profile page (GetUser for others) and in the user list without 查看用户列表. */
export const PUBLIC_PROFILE_COLUMNS = [
  'id',
  'username',
  'avatar',
  'signature',
  'doc_count',
  'follow_count',
  'fans_count',
  'favorite_count',
  'comment_count',
  'credit_count',
  'article_count',
] as const;

/** Every column but the password hash; the admin note only for holders of the user permissions. */
export function privateUser(row: UserRow, withRemark: boolean): User {
  const { password: _never, remark, ...rest } = row;
  return withRemark ? { ...rest, remark } : rest;
}

export function pick(row: UserRow, columns: readonly (keyof UserRow)[]): User {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c] = row[c];
  return out as unknown as User;
}

export const publicProfile = (row: UserRow): User => pick(row, PUBLIC_PROFILE_COLUMNS);

export const toGroupInfo = (g: GroupRow): GroupInfo => ({
  ...g,
  is_default: Boolean(g.is_default),
  is_display: Boolean(g.is_display),
  enable_upload: Boolean(g.enable_upload),
  enable_document_review: Boolean(g.enable_document_review),
  enable_comment: Boolean(g.enable_comment),
  enable_comment_approval: Boolean(g.enable_comment_approval),
  enable_article: Boolean(g.enable_article),
  enable_article_approval: Boolean(g.enable_article_approval),
});
