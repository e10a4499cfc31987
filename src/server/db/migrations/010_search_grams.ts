import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { createFtsTables } from './005_search.ts';

/**
 * The index stores character pairs of Chinese/Japanese text instead of jieba words (see
 * search/grams.ts), so a verbatim run of two or more characters is found however jieba would
 * cut it. SQLite: `search_fts` holds each item's tokens once, without positions (detail = none;
 * the title and head tokens once more, marked, to rank by); pages have no FTS table any more
 * (hit pages are read from the text of the results on screen). Entries written before hold
 * words of the old form: they are dropped with their refs, and the index sync writes every item
 * again.
 */
const TOKENIZER = "unicode61 categories 'L* N* Co M*'";

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') {
    for (const t of ['search_fts', 'search_pages_fts']) await sql`drop table if exists ${sql.table(t)}`.execute(db);
    await sql`create virtual table search_fts using fts5(
      tokens, content = '', contentless_delete = 1, detail = none, tokenize = ${sql.lit(TOKENIZER)}
    )`.execute(db);
  }
  await db.deleteFrom('search_entries').execute();
  await db.deleteFrom('search_refs').execute();
}

/** Back to the tables of 005; the sync of that code writes the index again. */
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') {
    await sql`drop table if exists search_fts`.execute(db);
    await createFtsTables(db);
  }
  await db.deleteFrom('search_entries').execute();
  await db.deleteFrom('search_refs').execute();
}
