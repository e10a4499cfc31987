import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AppConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/db.ts';
import { ImportRefused, importMoredoc } from '../server/import/moredoc/run.ts';
import { localZone } from '../server/import/moredoc/time.ts';
import { createStorage } from '../server/storage/create.ts';
import { serverAnswers } from './status.command.ts';

function options(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      mysql: { type: 'string' },
      files: { type: 'string' },
      prefix: { type: 'string', default: 'mnt_' },
      timezone: { type: 'string', default: localZone() },
      'dry-run': { type: 'boolean', default: false },
      merge: { type: 'boolean', default: false },
      'batch-size': { type: 'string', default: '500' },
    },
  });
  if (!values.mysql) throw new ImportRefused('缺少 --mysql，例如 --mysql mysql://root:密码@127.0.0.1:3306/moredoc');
  if (!values.files) throw new ImportRefused('缺少 --files：moredoc 程序所在的目录（其中有 documents/ 与 uploads/）');
  const batchSize = Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5000)
    throw new ImportRefused('--batch-size 应为 1 到 5000 之间的整数');
  return {
    mysql: values.mysql,
    files: resolve(values.files),
    prefix: values.prefix,
    timezone: values.timezone,
    dryRun: values['dry-run'],
    merge: values.merge,
    batchSize,
  };
}

/**
 * After a real import the static site is rendered whole by the server, as after `wenku config set`
 * (`markSiteStale`): a running one within seconds, under its render lease and with its long tail
 * (docs/incremental-site.md), a stopped one at its next start. The CLI never writes the served
 * folder itself beside a running server's renderer.
 */
async function rebuildSite(config: AppConfig, markSiteStale: () => Promise<void>): Promise<void> {
  if (!config.siteRebuild) return;
  await markSiteStale();
  const running = (await serverAnswers(config.port)) !== null;
  console.log(
    running
      ? '正在运行的 Wenku 会在几秒内重新生成静态站点（进度见它的日志）。'
      : '静态站点会在下次启动 Wenku（npm start）时重新生成。',
  );
}

/**
 * `wenku import moredoc …`. A dry run opens the Wenku database only if it exists and never
 * migrates it, so it writes nothing anywhere.
 */
export async function importCommand(
  argv: string[],
  config: AppConfig,
  withDb: <T>(fn: (db: Database) => Promise<T>) => Promise<T>,
  markSiteStale: () => Promise<void>,
): Promise<number> {
  const opts = options(argv);
  const storage = createStorage(config);
  const log = (line: string) => console.log(line);
  if (opts.dryRun) {
    const file = config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl.slice('sqlite:'.length) : null;
    const db = openDatabase(file && !existsSync(file) ? 'sqlite::memory:' : config.databaseUrl);
    try {
      await importMoredoc(db, storage, opts, log);
    } finally {
      await db.destroy();
    }
    return 0;
  }
  try {
    await withDb((db) => importMoredoc(db, storage, opts, log));
  } catch (err) {
    if (err instanceof ImportRefused) throw err;
    throw new Error(`导入中断：${(err as Error).message}\n已提交的批次都已保存；排除问题后再次运行同一命令，会从中断处继续。`, {
      cause: err,
    });
  }
  await rebuildSite(config, markSiteStale);
  return 0;
}
