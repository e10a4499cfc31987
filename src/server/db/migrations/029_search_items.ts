import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * PostgreSQL: the whole-item rows of the full-text index (page -1 of `search_entries`, the only
 * rows searched by words) move to a table of their own, `search_items`, with its own GIN index.
 * Among the page rows those rows were spread over the whole table: a common word's search
 * visited a table page per match. Here they sit together (the tsvector goes to TOAST beyond
 * 128 bytes, so a heap page holds about fifty items).
 *
 * Each item's tsvector also gets a bucket lexeme: the mark U+E002, the kind and `ref_id >> 10`
 * (1,024 ids a bucket). A search wants the newest 1,000 matches of a tier; a GIN index cannot
 * give matches in id order, so it asks for the matches in the newest buckets first
 * (`term & (bucket | bucket …)`) and widens the range only when too few are found
 * (src/server/search/index.postgres.ts). The mark and the shift are written out here, frozen;
 * grams.ts and index.postgres.ts hold the live ones.
 *
 * SQLite keeps its FTS5 table: nothing changes there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create table search_items (
    kind varchar(16) not null,
    ref_id integer not null,
    tokens tsvector not null,
    primary key (kind, ref_id)
  ) with (toast_tuple_target = 128)`.execute(db);
  await sql`insert into search_items (kind, ref_id, tokens)
    select kind, ref_id, tokens || (${'\ue002'} || kind || (ref_id >> 10)::text)::tsvector
    from search_entries where page < 0 order by kind, ref_id`.execute(db);
  await sql`create index search_items_tokens on search_items using gin (tokens)`.execute(db);
  await sql`delete from search_entries where page < 0`.execute(db);
  await sql`drop index if exists search_entries_tokens`.execute(db);
  await sql`alter table search_entries drop column tokens`.execute(db);
  await sql`analyze search_items`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table search_entries add column tokens tsvector not null default ''`.execute(db);
  await sql`insert into search_entries (kind, ref_id, page, text, tokens)
    select kind, ref_id, -1, '', ts_delete(tokens, ${'\ue002'} || kind || (ref_id >> 10)::text) from search_items`.execute(db);
  await sql`create index search_entries_tokens on search_entries using gin (tokens) where page < 0`.execute(db);
  await sql`drop table search_items`.execute(db);
}
