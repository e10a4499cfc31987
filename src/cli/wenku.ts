import { parseArgs } from 'node:util';
import { loadConfig, type AppConfig } from '../server/config.ts';
import type { Database } from '../server/db/db.ts';
import { USAGE } from './usage.ts';

// Each command's module is loaded only when it runs: `config get` need not load the moredoc importer
// (MySQL driver), the backup writer or the page checker (docs/deployment.md).
const onDb = async <T>(fn: (db: Database, config: AppConfig) => Promise<T>): Promise<T> => {
  const config = loadConfig();
  const { withDb } = await import('./with-db.ts');
  return withDb(config, (db) => fn(db, config));
};
const stale = (config: AppConfig) => async () => (await import('./with-db.ts')).markSiteStale(config);

async function main(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: false });
  const [cmd, sub, ...rest] = positionals;
  const after = (word: string) => argv.slice(argv.indexOf(word) + 1);
  if (cmd === 'import' && sub === 'moredoc') {
    const config = loadConfig();
    const [{ importCommand }, { withDb }] = await Promise.all([import('./import.command.ts'), import('./with-db.ts')]);
    return importCommand(after('moredoc'), config, (fn) => withDb(config, fn), stale(config));
  }
  if (cmd === 'config' && sub === 'get' && rest.length === 1)
    return onDb(async (db) => (await import('./config.command.ts')).configGet(db, rest[0]!));
  if (cmd === 'config' && sub === 'set' && rest.length >= 2)
    return onDb(async (db, config) =>
      (await import('./config.command.ts')).configSet(db, rest[0]!, rest.slice(1).join(' '), stale(config)),
    );
  if (cmd === 'user' && sub === 'passwd' && rest.length === 1)
    return onDb(async (db) => (await import('./user.command.ts')).userPasswd(db, rest[0]!));
  if (cmd === 'storage' && sub === 'migrate')
    return (await import('./storage.command.ts')).storageMigrate(after('migrate'), loadConfig());
  if (cmd === 'backup' && sub === 'verify' && rest.length === 1)
    return (await import('./backup.command.ts')).verifyCommand(rest[0]!);
  if (cmd === 'backup' && sub !== 'verify')
    return (await import('./backup.command.ts')).backupCommand(after('backup'), loadConfig());
  if (cmd === 'restore') return (await import('./backup.command.ts')).restoreCommand(after('restore'), loadConfig());
  if (cmd === 'db' && sub === 'copy') return (await import('./db.command.ts')).dbCopy(after('copy'), loadConfig());
  if (cmd === 'pages' && sub === 'repair')
    return onDb(async (db, config) => (await import('./pages.command.ts')).pagesRepair(db, config, rest));
  if (cmd === 'status' && !sub) return onDb(async (db, config) => (await import('./status.command.ts')).status(db, config));
  console.log(USAGE);
  return cmd === undefined || cmd === 'help' ? 0 : 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(`错误：${(err as Error).message}`);
  process.exitCode = 1;
}
