import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { AppConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/db.ts';
import { ImportRefused, importMoredoc } from '../server/import/moredoc/run.ts';
import { localZone } from '../server/import/moredoc/time.ts';
import { SiteBuilder } from '../server/site/site.builder.ts';
import { siteBuildToken } from '../server/site/build-token.ts';
import { createStorage } from '../server/storage/create.ts';
import { serverAnswers } from './status.command.ts';

export const IMPORT_USAGE =
  '  import moredoc --mysql mysql://用户:密码@主机:3306/库 --files <moredoc 目录> [--prefix mnt_] [--timezone Asia/Shanghai] [--batch-size 500] [--dry-run] [--merge]\n' +
  '                                    从 moredoc 迁移整站（--dry-run 只检查不写入；可重复运行，中断后从断点继续）';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

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

/** After a real import: rebuild the static site now when a server answers, else at its next start. */
async function rebuildSite(config: AppConfig, buildToken: string): Promise<void> {
  if (!config.siteRebuild) return;
  const builder = new SiteBuilder({
    currentLink: join(config.siteRoot, 'current'),
    apiBase: `http://127.0.0.1:${config.port}`,
    buildToken,
    projectRoot,
    log: (msg) => console.log(msg),
  });
  if ((await serverAnswers(config.port)) === null) {
    await builder.markStale();
    console.log('静态站点会在下次启动 Wenku（npm start）时重新生成。');
    return;
  }
  console.log('正在重新生成静态站点…');
  const ok = await builder.build();
  builder.stop();
  if (!ok) console.log('静态站点生成失败，旧站点保持不变；重启 Wenku 会再试一次。');
}

/**
 * `wenku import moredoc …`. A dry run opens the Wenku database only if it exists and never
 * migrates it, so it writes nothing anywhere.
 */
export async function importCommand(
  argv: string[],
  config: AppConfig,
  withDb: <T>(fn: (db: Database) => Promise<T>) => Promise<T>,
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
  await rebuildSite(config, await withDb(siteBuildToken));
  return 0;
}
