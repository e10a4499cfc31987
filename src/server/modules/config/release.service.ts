import { ROOT_USER_ID } from '../../auth/auth.plugin.ts';
import type { Database } from '../../db/db.ts';
import type { Release } from '../../../contract/config.ts';
import { GroupRepo } from '../group/group.repo.ts';
import type { ConfigStore } from './config.store.ts';
import { APP_VERSION } from './version.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

/** moredoc's IsAdmin: user 1, or a member of any group holding at least one permission. */
export async function isAdmin(db: Database, userId: number): Promise<boolean> {
  if (userId === ROOT_USER_ID) return true;
  if (!userId) return false;
  return new GroupRepo(db).holdsAnyPermission(userId);
}

/**
 * The release information stored in the `release` config. Wenku does not call out to
 * the network: the fields stay as an operator (or a future update job) wrote them.
 */
export async function currentRelease(store: ConfigStore): Promise<Release> {
  const { tag_name, name, body, ignore, source } = await store.group(SETTINGS.release);
  // no release date is stored: the wire field stays empty, as it always was
  return { tag_name, name, body, release_at: '', ignore, source, current: APP_VERSION };
}
