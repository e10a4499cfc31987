import { join } from 'node:path';
import { tablePermissions } from '../contract/services.ts';
import type { AppConfig } from '../server/config.ts';
import { oneStartupAtATime } from '../server/db/startup-lock.ts';
import { migrate, openDatabase, type Database } from '../server/db/db.ts';
import { seed } from '../server/db/seed.ts';
import { installationDefaults } from '../server/db/seed/configs.ts';
import { SiteFolder } from '../server/site/site.folder.ts';

/**
 * Runs `fn` on the site's database, brought to the code's level first (migrated and seeded, one
 * process at a time, as a server start does): a command may be the first thing run on a new site.
 */
export async function withDb<T>(config: AppConfig, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = openDatabase(config.databaseUrl, { schema: config.dbSchema });
  try {
    const seeded = await oneStartupAtATime(db, async () => {
      await migrate(db, config.dbSchema);
      return seed(db, tablePermissions(), config.adminPassword, installationDefaults());
    });
    if (seeded.admin?.generated) console.log(`已创建管理员账号 admin，随机密码：${seeded.admin.password}`);
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

/** The static site no longer shows the data: a running server renders it again in seconds, else the next start. */
export async function markSiteStale(config: AppConfig): Promise<void> {
  if (config.siteRebuild) await new SiteFolder(join(config.siteRoot, 'current')).markStale();
}
