import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../server/config.ts';
import type { Database } from '../server/db/db.ts';
import { LOCAL_DOMAIN } from '../server/db/seed/configs.ts';

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

/**
 * The port a server of this site answers on: PORT (or its default), else the port of a domain still at
 * its local default, which the server sets to its own port at start (installationDefaults), so
 * `wenku status` finds a server started with another PORT. Null when neither answers.
 */
async function serverPort(port: number, domain: string): Promise<number | null> {
  if ((await serverAnswers(port)) !== null) return port;
  const local = LOCAL_DOMAIN.test(domain) ? Number(new URL(domain).port) : 0;
  return local && local !== port && (await serverAnswers(local)) !== null ? local : null;
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
  const setting = async (name: string) =>
    (await db.selectFrom('configs').select('value').where('category', '=', 'system').where('name', '=', name).executeTakeFirst())
      ?.value ?? '';
  const sitename = await setting('sitename');
  const running = await serverPort(config.port, await setting('domain'));
  const lines = [
    ['站点名称', sitename],
    ['数据库', config.databaseUrl.startsWith('sqlite:') ? `SQLite ${config.databaseUrl.slice(7)}` : 'PostgreSQL'],
    ['文件存储', config.storage],
    ['用户数', String(await count('users'))],
    ['分类数', String(await count('categories'))],
    ['附件数', String(await count('attachments'))],
    ['站点构建', existsSync(join(config.siteDir, 'index.html')) ? `已构建（${config.siteDir}）` : '尚未构建'],
    ['服务器', running === null ? `未运行（端口 ${config.port} 无响应）` : `运行中 http://127.0.0.1:${running}`],
  ];
  for (const [k, v] of lines) console.log(`${k.padEnd(8, '　')}${v}`);
  return 0;
}
