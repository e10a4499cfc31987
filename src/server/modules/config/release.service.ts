import { ROOT_USER_ID } from '../../auth/auth.plugin.ts';
import type { Database } from '../../db/db.ts';
import type { Release } from '../../../contract/config.ts';
import { GroupRepo } from '../group/group.repo.ts';
import type { ConfigStore } from './config.store.ts';
import { APP_VERSION } from './version.ts';

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
  const r = await store.category('release');
  return {
    tag_name: r.tag_name ?? '',
    name: r.name ?? '',
    body: r.body ?? '',
    release_at: r.release_at ?? '',
    ignore: r.ignore ?? '',
    source: r.source ?? '',
    current: APP_VERSION,
  };
}
