import { sql } from 'kysely';
import type { Database } from '../../db/db.ts';
import { SEED_ARTICLES } from '../../modules/article/article.seed.ts';

type Counted =
  | 'documents'
  | 'categories'
  | 'comments'
  | 'favorites'
  | 'attachments'
  | 'banners'
  | 'friendlinks'
  | 'advertisements'
  | 'reports'
  | 'downloads'
  | 'punishments';

const TABLES: Array<[Counted, string]> = [
  ['documents', '文档'],
  ['categories', '分类'],
  ['comments', '评论'],
  ['favorites', '收藏'],
  ['attachments', '附件'],
  ['banners', '轮播图'],
  ['friendlinks', '友情链接'],
  ['advertisements', '广告'],
  ['reports', '举报'],
  ['downloads', '下载记录'],
  ['punishments', '惩罚记录'],
];

const countOf = async (db: Database, q: ReturnType<typeof sql<{ n: number | string }>>) =>
  Number((await q.execute(db)).rows[0]?.n ?? 0);

/**
 * What the Wenku database holds beyond what a new install seeds (the admin account, the two
 * groups, the fixed navigation, the single pages, languages and settings): empty for a new site.
 */
export async function ownContent(db: Database): Promise<string[]> {
  const out: string[] = [];
  const users = await countOf(db, sql`select count(*) as n from users where id <> 1`);
  if (users) out.push(`用户 ${users} 个`);
  for (const [table, label] of TABLES) {
    const n = await countOf(db, sql`select count(*) as n from ${sql.table(table)}`);
    if (n) out.push(`${label} ${n} 条`);
  }
  const seeded = SEED_ARTICLES.map((a) => a.identifier);
  const articles = await countOf(db, sql`select count(*) as n from articles where identifier not in (${sql.join(seeded)})`);
  if (articles) out.push(`文章 ${articles} 篇`);
  const navs = await countOf(db, sql`select count(*) as n from navigations where fixed = 0`);
  if (navs) out.push(`导航 ${navs} 项`);
  return out;
}
