import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { tablePermissions } from '../contract/services.ts';
import { loadConfig, type AppConfig } from '../server/config.ts';
import { oneStartupAtATime } from '../server/db/startup-lock.ts';
import { migrate, openDatabase, type Database } from '../server/db/db.ts';
import { seed } from '../server/db/seed.ts';
import { SiteFolder } from '../server/site/site.folder.ts';
import { installationDefaults } from '../server/db/seed/configs.ts';
import { BACKUP_USAGE, backupCommand, restoreCommand, verifyCommand } from './backup.command.ts';
import { configGet, configSet } from './config.command.ts';
import { DB_USAGE, dbCopy } from './db.command.ts';
import { IMPORT_USAGE, importCommand } from './import.command.ts';
import { PAGES_USAGE, pagesRepair } from './pages.command.ts';
import { status } from './status.command.ts';
import { STORAGE_USAGE, storageMigrate } from './storage.command.ts';
import { userPasswd } from './user.command.ts';

const USAGE = `用法：npm run wenku -- <命令>

  config get <分类>.<名称>          查看一项配置，例如 config get security.enable_captcha_login
  config set <分类>.<名称> <值>     修改一项配置，例如 config set security.enable_captcha_login false
  user passwd <用户名>              重置用户密码（交互输入；非交互时从标准输入读取一行，留空则随机生成）
  status                            查看站点状态
${IMPORT_USAGE}
${STORAGE_USAGE}
${BACKUP_USAGE}
${DB_USAGE}
${PAGES_USAGE}

服务器运行与否都可以使用；运行中的服务器会在几秒内读到修改后的配置。`;

async function withDb<T>(fn: (db: Database, config: AppConfig) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl, { schema: config.dbSchema });
  try {
    const seeded = await oneStartupAtATime(db, async () => {
      await migrate(db, config.dbSchema);
      return seed(db, tablePermissions(), config.adminPassword, installationDefaults());
    });
    if (seeded.admin?.generated) console.log(`已创建管理员账号 admin，随机密码：${seeded.admin.password}`);
    return await fn(db, config);
  } finally {
    await db.destroy();
  }
}

/** The static site no longer shows the data: a running server renders it again in seconds, else the next start. */
async function markSiteStale(config: AppConfig): Promise<void> {
  if (config.siteRebuild) await new SiteFolder(join(config.siteRoot, 'current')).markStale();
}

async function main(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: false });
  const [cmd, sub, ...rest] = positionals;
  if (cmd === 'import' && sub === 'moredoc') {
    const config = loadConfig();
    return importCommand(argv.slice(argv.indexOf('moredoc') + 1), config, withDb, () => markSiteStale(config));
  }
  if (cmd === 'config' && sub === 'get' && rest.length === 1) return withDb((db) => configGet(db, rest[0]));
  if (cmd === 'config' && sub === 'set' && rest.length >= 2)
    return withDb((db, config) => configSet(db, rest[0]!, rest.slice(1).join(' '), () => markSiteStale(config)));
  if (cmd === 'user' && sub === 'passwd' && rest.length === 1) return withDb((db) => userPasswd(db, rest[0]!));
  if (cmd === 'storage' && sub === 'migrate') return storageMigrate(argv.slice(argv.indexOf('migrate') + 1), loadConfig());
  if (cmd === 'backup' && sub === 'verify' && rest.length === 1) return verifyCommand(rest[0]!);
  if (cmd === 'backup' && sub !== 'verify') return backupCommand(argv.slice(argv.indexOf('backup') + 1), loadConfig());
  if (cmd === 'restore') return restoreCommand(argv.slice(argv.indexOf('restore') + 1), loadConfig());
  if (cmd === 'db' && sub === 'copy') return dbCopy(argv.slice(argv.indexOf('copy') + 1), loadConfig());
  if (cmd === 'pages' && sub === 'repair') return withDb((db, config) => pagesRepair(db, config, rest));
  if (cmd === 'status' && !sub) return withDb((db, config) => status(db, config));
  console.log(USAGE);
  return cmd === undefined || cmd === 'help' ? 0 : 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(`错误：${(err as Error).message}`);
  process.exitCode = 1;
}
