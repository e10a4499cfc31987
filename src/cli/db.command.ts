import { parseArgs } from 'node:util';
import { copySite } from '../server/backup/copy.ts';
import { databaseContents, rebuildSearch } from '../server/backup/restore.ts';
import type { AppConfig } from '../server/config.ts';
import { migrate, openDatabase } from '../server/db/db.ts';
import { serverAnswers } from './status.command.ts';

/** Shown for a URL: never its password. */
const safeUrl = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

/** `wenku db copy --to URL [--schema NAME] [--force]`: the current DATABASE_URL to another database. */
export async function dbCopy(argv: string[], config: AppConfig, log = console.log): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { to: { type: 'string' }, schema: { type: 'string' }, force: { type: 'boolean' } },
    allowPositionals: false,
  });
  const to = values.to;
  if (!to || !/^(postgres(ql)?:\/\/|sqlite:)/.test(to))
    throw new Error('缺少目标：db copy --to postgres://用户@主机/库 或 --to sqlite:<文件>');
  if (to === config.databaseUrl && (values.schema ?? '') === (config.dbSchema ?? '')) throw new Error('目标与当前数据库相同');
  if ((await serverAnswers(config.port)) !== null)
    log(`注意：端口 ${config.port} 上的服务器正在运行，复制开始之后的写入不会带到目标；切换前请先停止服务器`);
  const t0 = Date.now();
  const source = openDatabase(config.databaseUrl, { schema: config.dbSchema });
  const target = openDatabase(to, { schema: values.schema });
  try {
    const present = await databaseContents(target);
    if (present.length && !values.force) throw new Error(`目标数据库不是空的：已有 ${present.join('；')}。确认覆盖请加 --force`);
    await migrate(source, config.dbSchema);
    await migrate(target, values.schema);
    log(`复制 ${safeUrl(config.databaseUrl)} → ${safeUrl(to)}（一个事务，失败则目标不变）`);
    const copied = await copySite(source, target, { log });
    log('表                    行数      校验和');
    for (const [name, t] of Object.entries(copied.tables))
      log(`${name.padEnd(22)}${String(t.rows).padStart(8)}  ${t.checksum.slice(0, 16)}  一致`);
    log(`已复制 ${copied.rows} 行，两边各表行数与校验和一致（${((Date.now() - t0) / 1000).toFixed(1)} 秒）`);
    await rebuildSearch(target, log);
    log(
      `完成，用时 ${((Date.now() - t0) / 1000).toFixed(1)} 秒。下一步：把 DATABASE_URL 设为 ${safeUrl(to)} 并重启所有实例与转换进程。`,
    );
    return 0;
  } finally {
    await source.destroy();
    await target.destroy();
  }
}
