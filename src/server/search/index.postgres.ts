import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { chunks } from '../db/chunks.ts';
import { lexemesLiteral, quoteLexeme } from './lexemes.ts';
import { noNul, TIER, windowTiers, type Execute, type IndexBackend, type Kind, type Window } from './backend.ts';
import { KEYWORD_MARK, TITLE_MARK } from './marks.ts';
import { newestIds, rangeTokens } from './newest.postgres.ts';
import { markTerm, type Term } from './terms.ts';
import { logChanges, restartChanges } from './changes.postgres.ts';
import { nextFacetSeq } from './facet-store.ts';
import { localCopyOf } from './local-copies.ts';
import type { CopyTier } from './local-copy.ts';

/**
 * PostgreSQL: head and page entries in `search_entries` (which pages hold the terms is read from
 * their text, hits.ts); each item's tokens (grams.ts itemTokens, and its id ranges: rangeTokens) in a
 * `tokens` tsvector of `search_items`, one row per item, with a GIN index (migration 029; in two
 * halves since migration 037). The tsvector is written as a literal of our tokens rather than
 * through to_tsvector(), whose parser splits CJK text by the database's locale (with lc_ctype=C it
 * does not see Chinese at all); the literal keeps exactly our tokens on every locale.
 */

const termQuery = (t: Term): string => (t.prefix ? `${quoteLexeme(t.grams[0])}:*` : `(${t.grams.map(quoteLexeme).join(' & ')})`);
const tsquery = (terms: readonly Term[], mark = '') => terms.map((t) => termQuery(mark ? markTerm(mark, t) : t)).join(' & ');

// classid for advisory locks of index writers (two ASCII letters "SE" + kind)
const lockClass = (kind: Kind): number => 0x5345_00 + (kind === 'doc' ? 1 : 2);

/** What the local copy is asked for a window's tiers: each set of terms' tiers, as tierReads reads them. */
const copyTiers = (termSets: readonly (readonly Term[])[], window: Window): CopyTier[] =>
  termSets.flatMap((terms) => windowTiers(window, (_tier, mark) => ({ terms, mark })));

/** The halves of `search_items` (migration 037), by the names PostgreSQL knows them. */
async function itemHalves(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass('search_items') order by c.relname`.execute(db);
  return rows.map((r) => r.name);
}
const halfIndex = (half: string) => `${half}_tokens`;

/**
 * Builds the items' GIN index if it is missing (after a bulk rebuild, or one that was interrupted),
 * then the visibility map (VACUUM: the newest id and the facet rows are read from the indexes
 * alone, 0.5 ms for a window's thousand facet rows against 6 ms before) and the planner's
 * statistics: the row estimates of a table rewritten in bulk are those of the table before (none,
 * on a new database) until autovacuum gets to it, and without them a common word's search
 * filtered every item's tsvector instead of asking the GIN index (5.7 s instead of 0.1 s at
 * 100,000 documents).
 *
 * PostgreSQL 15 builds a GIN index on one core, so each half's index is built on a connection of
 * its own, at once (the benchmark's items: at 100,000 documents 94–103 s whole, 43 s as two
 * halves at once; at 1,000,000 902 s and 505 s); the parent's index then attaches them.
 */
async function buildTokensIndex(db: Kysely<DB>): Promise<void> {
  // to_regclass follows the search path, as the statements do
  const { rows } = await sql<{ found: string | null }>`select to_regclass('search_items_tokens')::text as found`.execute(db);
  if (rows[0]?.found) return;
  const build = (index: string, table: string) =>
    db.transaction().execute(async (trx) => {
      // more memory is slower here: the whole 100,000-document index built in 118 s at 64 MB, 139 s
      // at 16 MB, 169 s at 256 MB and 200 s at 1 GB (PostgreSQL 15; a larger in-memory tree of
      // entries is walked with more cache misses than the extra merges cost)
      await sql`set local maintenance_work_mem = '64MB'`.execute(trx);
      await sql`create index if not exists ${sql.id(index)} on ${sql.id(table)} using gin (tokens)`.execute(trx);
    });
  await Promise.all((await itemHalves(db)).map((half) => build(halfIndex(half), half)));
  await build('search_items_tokens', 'search_items');
  await sql`vacuum analyze search_items, search_facets`.execute(db);
}

/** No index on the items while a rebuild writes them (a half's may be left, unattached, by an interrupted build). */
async function dropTokensIndex(db: Kysely<DB>): Promise<void> {
  await sql`drop index if exists search_items_tokens`.execute(db);
  for (const half of await itemHalves(db)) await sql`drop index if exists ${sql.id(halfIndex(half))}`.execute(db);
}

export const postgresIndex: IndexBackend = {
  tokenForm: 'lexemes',
  // while one writer's transaction waits on the main thread or the tokenizer, the other's runs in
  // the database: a 100,000-document rebuild wrote in 23.3–23.7 s instead of 33.2–33.4 s
  bulkWriters: 2,

  async lock(trx, kind, refIds) {
    // in id order, so two writers of overlapping batches cannot deadlock
    const ids = [...new Set(refIds)].sort((a, b) => a - b);
    for (const part of chunks(ids, 500)) {
      const list = sql.join(part.map((id) => sql`(${id}::int)`));
      await sql`select pg_advisory_xact_lock(${lockClass(kind)}, id) from (values ${list}) as v(id) order by id`.execute(trx);
    }
  },

  async clear(trx) {
    // truncated, not deleted: a delete leaves every row dead in the table and its indexes until
    // vacuum, and each batch's removal of its items (which must stay, for writers running beside
    // a rebuild) then walked them (search_items: 4.8 s of a 100,000-document rebuild, 0.5 s
    // after). Neither table has triggers.
    await sql`truncate search_entries, search_items`.execute(trx);
    await restartChanges(trx, await nextFacetSeq(trx));
  },

  async bulk(db, run) {
    // a GIN index built once over every row takes a fraction of the time of one kept up row by
    // row; repair() builds it if the rebuild is interrupted
    await dropTokensIndex(db);
    // statistics from the first items: tables emptied for the rebuild have none, and each batch's
    // removal of its items then read every row of the kind (search_entries 17 s and search_refs
    // 5.6 s of a 100,000-document rebuild; 0.6 and 0.5 s after)
    const out = await run(async () => {
      await sql`analyze search_entries, search_items, search_refs, search_facets`.execute(db);
    });
    await buildTokensIndex(db);
    return out;
  },

  repair: buildTokensIndex,

  async remove(trx, kind, refIds) {
    for (const part of chunks(refIds, 1000)) {
      await trx.deleteFrom('search_entries').where('kind', '=', kind).where('ref_id', 'in', part).execute();
      await sql`delete from search_items where kind = ${kind} and ref_id in (${sql.join(part)})`.execute(trx);
    }
  },

  logChanges,

  async insert(trx, kind, items) {
    const entries = items.flatMap((item) => item.entries.map((e) => sql`(${kind}, ${item.refId}, ${e.page}, ${noNul(e.text)})`));
    for (const part of chunks(entries, 200)) {
      await sql`insert into search_entries (kind, ref_id, page, text) values ${sql.join(part)}`.execute(trx);
    }
    for (const part of chunks(items, 200)) {
      const rows = part.map((item) => {
        const tokens = lexemesLiteral(item.tokens, rangeTokens(kind, item.refId));
        return sql`(${kind}, ${item.refId}, ${tokens}::tsvector)`;
      });
      await sql`insert into search_items (kind, ref_id, tokens) values ${sql.join(rows)}`.execute(trx);
    }
  },

  matches(kind, terms) {
    const q = (mark = '') => sql`${tsquery(terms, mark)}::tsquery`;
    return sql`select ref_id, ${sql.lit(TIER.text)} + (tokens @@ ${q(KEYWORD_MARK)})::int + (tokens @@ ${q(TITLE_MARK)})::int as rel
      from search_items where kind = ${kind} and tokens @@ ${q()}`;
  },

  tiersAtOnce: true,

  tierReads(db, kind, termSets, window) {
    // the process's local copy when it is up to date (local-copy.ts), else the GIN index: every
    // tier of the window's reads asked of the copy in one call, when the first is read (a kept
    // window reads none; one call, not one a tier: each was a hop to the copy's thread and back)
    const asked = copyTiers(termSets, window);
    let fromCopy: Promise<number[][] | undefined> | undefined;
    const readCopy = async () => (await localCopyOf(db)?.reader())?.(kind, asked, window.size);
    let at = 0;
    return termSets.map((terms) =>
      windowTiers(window, (tier, mark) => {
        const i = at++;
        return {
          tier,
          ids: async (exec: Execute) => {
            const found = await (fromCopy ??= readCopy());
            return found ? found[i]! : newestIds(db, exec, kind, tsquery(terms, mark), window.size);
          },
        };
      }),
    );
  },

  prefetchTiers(db, kind, terms, window) {
    localCopyOf(db)?.prefetch(kind, copyTiers([terms], window), window.size);
  },
};
