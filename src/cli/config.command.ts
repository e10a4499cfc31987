import type { Database } from '../server/db/db.ts';
import { nowIso } from '../server/db/dialect.ts';
import { checkConfigValue } from '../server/modules/config/config.service.ts';
import { PAGE_CATEGORIES } from '../domain/settings/index.ts';

function splitKey(key: string): [string, string] {
  const dot = key.indexOf('.');
  if (dot <= 0 || dot === key.length - 1)
    throw new Error(`配置项格式应为 <分类>.<名称>，例如 security.enable_captcha_login，收到：${key}`);
  return [key.slice(0, dot), key.slice(dot + 1)];
}

async function findConfig(db: Database, key: string) {
  const [category, name] = splitKey(key);
  const row = await db
    .selectFrom('configs')
    .selectAll()
    .where('category', '=', category)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) {
    const names = await db.selectFrom('configs').select('name').where('category', '=', category).execute();
    const hint = names.length ? `，该分类下的配置项：${names.map((n) => n.name).join(', ')}` : '';
    throw new Error(`配置项 ${key} 不存在${hint}`);
  }
  return row;
}

export async function configGet(db: Database, key: string): Promise<number> {
  const row = await findConfig(db, key);
  console.log(row.value);
  return 0;
}

/**
 * Sets one value. A value every page shows marks the static site stale (`markSiteStale`): a running
 * server renders it again within seconds, a stopped one at its next start.
 */
export async function configSet(db: Database, key: string, value: string, markSiteStale: () => Promise<void>): Promise<number> {
  const row = await findConfig(db, key);
  const problem = checkConfigValue(row, value);
  if (problem) throw new Error(problem);
  await db.updateTable('configs').set({ value, updated_at: nowIso() }).where('id', '=', row.id).execute();
  console.log(`已设置 ${key}（${row.label}）= ${row.is_secret ? '******' : value}`);
  if (PAGE_CATEGORIES.has(row.category) && row.value !== value) {
    await markSiteStale();
    console.log('网站页面会重新生成，以显示新的配置。');
  }
  return 0;
}
