import type { GroupInfo, User } from '../../../contract/user.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { bools } from '../../http/wire.ts';
import { USER_COUNTERS } from '../../../domain/user.ts';
import { GROUP_BOOLS } from '../group/group.repo.ts';

/** Columns anyone may see on a profile page (GetUser for others) and in the user list without 查看用户列表. */
export const PUBLIC_PROFILE_COLUMNS = ['id', 'username', 'avatar', 'signature', ...USER_COUNTERS] as const;

/**
 * Every column but the secrets and the bookkeeping no client reads: the password hash, the session
 * generation and kept session id (token_version, token_keep), the reset link's nonce and the
 * look-alike key of the name (username_key). The admin note only for holders of the user permissions.
 */
export function privateUser(row: UserRow, withRemark: boolean): User {
  const {
    password: _password,
    token_version: _version,
    token_keep: _keep,
    reset_nonce: _nonce,
    username_key: _key,
    remark,
    ...rest
  } = row;
  return withRemark ? { ...rest, remark } : rest;
}

export function pick(row: UserRow, columns: readonly (keyof UserRow)[]): User {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c] = row[c];
  return out as unknown as User;
}

export const publicProfile = (row: UserRow): User => pick(row, PUBLIC_PROFILE_COLUMNS);

export const toGroupInfo = (g: GroupRow): GroupInfo => bools(g, GROUP_BOOLS) as GroupInfo;
