import { arch, release, type } from 'node:os';
import type { Database } from '../../db/db.ts';
import { countRows } from '../../db/introspect.ts';
import type { Stats } from '../../../contract/config.ts';
import type { ConfigStore } from './config.store.ts';
import { APP_VERSION, buildInfo } from './version.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

/**
 * Tables of modules that may not be installed yet count 0 (checked with a real table
 * lookup, so the numbers appear as soon as those modules create their tables).
 */
const ADMIN_COUNTS = {
  category_count: 'categories',
  comment_count: 'comments',
  banner_count: 'banners',
  friendlink_count: 'friendlinks',
  report_count: 'reports',
} as const;

export async function buildStats(db: Database, store: ConfigStore, privileged: boolean): Promise<Stats> {
  const [users, document_count, article_count] = await Promise.all([
    countRows(db, 'users'),
    countRows(db, 'documents'),
    countRows(db, 'articles'),
  ]);
  const virtual = Math.max(0, await store.get(SETTINGS.display.virtual_register_count));
  const stats: Stats = { user_count: users + virtual, document_count, article_count };
  // the kernel, build and version tell an attacker which exploits to try: holders of 查看系统信息 only
  if (privileged) {
    const info = await buildInfo();
    Object.assign(stats, {
      os: `${type()} ${release()} ${arch()}`,
      version: APP_VERSION,
      hash: info.hash,
      build_at: info.build_at,
    });
    for (const [key, table] of Object.entries(ADMIN_COUNTS) as Array<[keyof typeof ADMIN_COUNTS, string]>) {
      stats[key] = await countRows(db, table);
    }
  }
  return stats;
}
