import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * SQLite's full-text table splits the index tokens (search/grams.ts) at spaces only: the `ascii`
 * tokenizer (every non-ASCII character is a token character) writes a large index faster than
 * `unicode61`, which looks up every character's category and folds it. The tokens arrive
 * normalised already (lower case, Latin accents dropped), so index and queries still agree.
 * The table is made again, and the index sync writes every item again (on PostgreSQL too: the
 * tokens of accented Latin words changed).
 */
async function remake(db: Kysely<any>, tokenize: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') {
    await sql`drop table if exists search_fts`.execute(db);
    await sql`create virtual table search_fts using fts5(
      tokens, content = '', contentless_delete = 1, detail = none, tokenize = ${sql.lit(tokenize)}
    )`.execute(db);
  }
  // PostgreSQL keeps its table, but tokens written before lost no accents
  await db.deleteFrom('search_entries').execute();
  await db.deleteFrom('search_refs').execute();
}

export const up = (db: Kysely<any>): Promise<void> => remake(db, 'ascii');

export const down = (db: Kysely<any>): Promise<void> => remake(db, "unicode61 categories 'L* N* Co M*'");
