import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../server/config.ts';
import type { Database } from '../server/db/db.ts';

/** The running server's site name, or null when nothing answers on the port. */
export async function serverAnswers(port: number): Promise<string | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/settings`, { signal: AbortSignal.timeout(1500) });
    if (!res.ok) return null;
    const body = (await res.json()) as { system?: { sitename?: string } };
    return body.system?.sitename ?? '';
  } catch {
    return null;
  }
}

export async function status(db: Database, config: AppConfig): Promise<number> {
  const count = async (table: 'users' | 'categories' | 'attachments') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sitename = await db
    .selectFrom('configs')
    .select('value')
    .where('category', '=', 'system')
    .where('name', '=', 'sitename')
    .executeTakeFirst();
  const running = await serverAnswers(config.port);
  const lines = [
    ['站点名称', sitename?.value ?? ''],
    ['数据库', config.databaseUrl.startsWith('sqlite:') ? `SQLite ${config.databaseUrl.slice(7)}` : 'PostgreSQL'],
    ['文件存储', config.storage],
    ['用户数', String(await count('users'))],
    ['分类数', String(await count('categories'))],
    ['附件数', String(await count('attachments'))],
    ['站点构建', existsSync(join(config.siteDir, 'index.html')) ? `已构建（${config.siteDir}）` : '尚未构建'],
    ['服务器', running === null ? `未运行（端口 ${config.port} 无响应）` : `运行中 http://127.0.0.1:${config.port}`],
  ];
  for (const [k, v] of lines) console.log(`${k.padEnd(8, '　')}${v}`);
  return 0;
}
