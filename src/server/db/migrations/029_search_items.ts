import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { createSearchNewest } from './frozen/search-newest-029.ts';

/**
 * PostgreSQL: the whole-item rows of the full-text index (page -1 of `search_entries`, the only
 * rows searched by words) move to a table of their own, `search_items`, with its own GIN index.
 * Among the page rows those rows were spread over the whole table: a common word's search
 * visited a table page per match. Here they sit together (the tsvector goes to TOAST beyond
 * 128 bytes, so a heap page holds about fifty items).
 *
 * Each item's tsvector also gets tokens naming its id range at six sizes: the mark U+E002, the
 * kind, the shift and `ref_id >> shift` for shifts 10, 12 … 20. A search wants the newest 1,000
 * matches of a tier; a GIN index cannot give matches in id order, so `search_newest`
 * (frozen/search-newest-029.ts) asks for the matches in the newest ranges first
 * (`term & (range | range …)`) and for older ranges only when too few are found. The mark and the
 * shifts are written out here, frozen; grams.ts and newest.postgres.ts hold the live ones.
 *
 * SQLite keeps its FTS5 table: nothing changes there.
 */
const SHIFTS = '{10,12,14,16,18,20}';

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create table search_items (
    kind varchar(16) not null,
    ref_id integer not null,
    tokens tsvector not null,
    primary key (kind, ref_id)
  ) with (toast_tuple_target = 128)`.execute(db);
  await sql`insert into search_items (kind, ref_id, tokens)
    select kind, ref_id, tokens || array_to_tsvector(array(
      select ${'\ue002'} || kind || '.' || s || '.' || (ref_id >> s) from unnest(${SHIFTS}::int[]) s))
    from search_entries where page < 0 order by kind, ref_id`.execute(db);
  await sql`create index search_items_tokens on search_items using gin (tokens)`.execute(db);
  await sql`delete from search_entries where page < 0`.execute(db);
  await sql`drop index if exists search_entries_tokens`.execute(db);
  await sql`alter table search_entries drop column tokens`.execute(db);
  await createSearchNewest.execute(db);
  await sql`analyze search_items`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table search_entries add column tokens tsvector not null default ''`.execute(db);
  await sql`insert into search_entries (kind, ref_id, page, text, tokens)
    select kind, ref_id, -1, '', ts_delete(tokens, array(
      select ${'\ue002'} || kind || '.' || s || '.' || (ref_id >> s) from unnest(${SHIFTS}::int[]) s))
    from search_items`.execute(db);
  await sql`create index search_entries_tokens on search_entries using gin (tokens) where page < 0`.execute(db);
  await sql`drop function search_newest(varchar, text, integer)`.execute(db);
  await sql`drop table search_items`.execute(db);
}
