import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * PostgreSQL: `search_items` in two halves by a hash of `ref_id` (search_items_0 and _1).
 * PostgreSQL 15 builds a GIN index on one core, and the time grows faster than the rows: over the
 * items of the 100,000-document benchmark (88,177 items, 55.7 million item–word pairs) the whole
 * index took 94–103 s, one half 40 s, both halves at once on two cores 43 s. A rebuild
 * (index.postgres.ts) builds the halves' indexes on two connections at once; the parent's index then
 * only attaches them. A search reads both halves' indexes: `search_newest` over 250 drawn queries on
 * the same data, alternating, p50 1.81 → 1.80 ms at 100,000 documents; at 1,000,000 2.97–3.09 →
 * 3.49–3.51 ms, where the whole index took 902 s and the halves at once 505 s.
 *
 * Here the rows are copied and the halves' indexes built one after the other: a migration runs on
 * one connection, in one transaction. SQLite keeps its FTS5 table.
 */
const ITEM_COLUMNS = sql`kind varchar(16) not null, ref_id integer not null, tokens tsvector not null, primary key (kind, ref_id)`;

/** search_items and its key renamed to `aside`, without its GIN index (rebuilt after the copy). */
async function moveAside(db: Kysely<any>, aside: string): Promise<void> {
  await sql`alter table search_items rename to ${sql.id(aside)}`.execute(db);
  await sql`alter index search_items_pkey rename to ${sql.id(`${aside}_pkey`)}`.execute(db);
  await sql`drop index if exists search_items_tokens`.execute(db);
}

/** The rows of `aside` copied into the new search_items, then `aside` dropped. */
async function copyBack(db: Kysely<any>, aside: string): Promise<void> {
  await sql`insert into search_items (kind, ref_id, tokens)
    select kind, ref_id, tokens from ${sql.id(aside)} order by kind, ref_id`.execute(db);
  await sql`drop table ${sql.id(aside)}`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await moveAside(db, 'search_items_whole');
  await sql`create table search_items (${ITEM_COLUMNS}) partition by hash (ref_id)`.execute(db);
  for (const half of [0, 1]) {
    await sql`create table ${sql.id(`search_items_${half}`)} partition of search_items
      for values with (modulus 2, remainder ${sql.lit(half)}) with (toast_tuple_target = 128)`.execute(db);
  }
  await copyBack(db, 'search_items_whole');
  await sql`set local maintenance_work_mem = '64MB'`.execute(db);
  for (const half of [0, 1]) {
    await sql`create index ${sql.id(`search_items_${half}_tokens`)} on ${sql.id(`search_items_${half}`)} using gin (tokens)`.execute(
      db,
    );
  }
  // the same definition on the parent attaches the halves' indexes: nothing is built again
  await sql`create index search_items_tokens on search_items using gin (tokens)`.execute(db);
  await sql`analyze search_items`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await moveAside(db, 'search_items_halves');
  await sql`create table search_items (${ITEM_COLUMNS}) with (toast_tuple_target = 128)`.execute(db);
  await copyBack(db, 'search_items_halves');
  await sql`create index search_items_tokens on search_items using gin (tokens)`.execute(db);
  await sql`analyze search_items`.execute(db);
}
