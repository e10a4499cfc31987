import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { chunks } from '../db/chunks.ts';
import { idList, TIER, windowTiers, type IndexBackend, type Kind, type TierRead } from './backend.ts';
import { KEYWORD_MARK, TITLE_MARK } from './marks.ts';
import { ITEM_KIND_BITS, itemId, kindNo, mergeSettings, quoted } from './fts5-items.ts';
import { markTerm, type Term } from './terms.ts';

/**
 * SQLite: entries in `search_entries`; each item's tokens (grams.ts itemTokens: space-joined,
 * each once) in the contentless FTS5 table `search_fts` (rowid `kind << 32 | ref_id`), without
 * positions (detail = none: small and quick to write; nothing asks for a phrase). Entry ids are
 * `kind << 51 | ref_id << 20 | page`. Item ids stay below 2^31 and pages below 2^20.
 */

const PAGE_BITS = 2 ** 20;
const KIND_BITS = 2 ** 51;
export const entryId = (kind: Kind, refId: number, page: number): number => kindNo(kind) * KIND_BITS + refId * PAGE_BITS + page;

const termExpr = (t: Term): string => (t.prefix ? `${quoted(t.grams[0])}*` : `(${t.grams.map(quoted).join(' AND ')})`);
const all = (terms: readonly Term[], mark = '') => terms.map((t) => termExpr(mark ? markTerm(mark, t) : t)).join(' AND ');

async function merging(db: Kysely<DB>, on: boolean): Promise<void> {
  for (const [name, value] of mergeSettings(on)) {
    await sql`insert into search_fts (search_fts, rank) values (${name}, ${sql.lit(value)})`.execute(db);
  }
}

/** The FTS5 condition: items of `kind` holding every term (with `mark`: in the title or keywords). */
function matchOf(kind: Kind, terms: readonly Term[], mark: string) {
  const from = itemId(kind, 0);
  return sql`search_fts match ${all(terms, mark)} and rowid >= ${sql.lit(from)} and rowid < ${sql.lit(from + ITEM_KIND_BITS)}`;
}

/**
 * The newest `size` ids of the items of `kind` holding every term (with `mark`: in the title or
 * keywords), newest first, as one comma-separated `ids` (also read from PostgreSQL's local copy,
 * local-copy.ts, which keeps a `search_fts` of the same form).
 */
export function tierQuery(db: Kysely<DB>, kind: Kind, terms: readonly Term[], mark: string, size: number): CompiledQuery {
  const from = itemId(kind, 0);
  return sql<{ ids: string | null }>`select group_concat(id - ${sql.lit(from)}) as ids from (select rowid as id
    from search_fts where ${matchOf(kind, terms, mark)} order by rowid desc limit ${sql.lit(size)})`.compile(db);
}

export const sqliteIndex: IndexBackend = {
  tokenForm: 'words',
  bulkWriters: 1,

  async lock() {
    // SQLite has one writer at a time; the transaction is enough
  },

  async clear(trx) {
    await sql`insert into search_fts (search_fts) values ('delete-all')`.execute(trx);
    await trx.deleteFrom('search_entries').execute();
  },

  async bulk(db, run) {
    // FTS5 merges its segments as it writes (automerge), over and over on a large rebuild; one
    // merge at the end writes each entry once more instead of at every level
    await merging(db, false);
    try {
      return await run();
    } finally {
      await merging(db, true);
      await sql`insert into search_fts (search_fts) values ('optimize')`.execute(db);
    }
  },

  async repair(db) {
    await merging(db, true);
  },

  async remove(trx, kind, refIds) {
    for (const part of chunks(refIds, 500)) {
      const items = sql.join(part.map((id) => sql`${itemId(kind, id)}`));
      await sql`delete from search_fts where rowid in (${items})`.execute(trx);
      // page 0 … 2^20-1 of each item
      const entries = sql.join(
        part.map((id) => sql`(id >= ${entryId(kind, id, 0)} and id < ${entryId(kind, id + 1, 0)})`),
        sql` or `,
      );
      await sql`delete from search_entries where ${entries}`.execute(trx);
    }
  },

  async insert(trx, kind, items) {
    const rows = items.flatMap((item) =>
      item.entries
        .filter((e) => e.page < PAGE_BITS)
        .map((e) => ({ id: entryId(kind, item.refId, e.page), ref_id: item.refId, e })),
    );
    for (const part of chunks(rows, 500)) {
      await trx
        .insertInto('search_entries')
        .values(part.map((r) => ({ id: r.id, kind, ref_id: r.ref_id, page: r.e.page, text: r.e.text })))
        .execute();
    }
    for (const part of chunks(items, 50)) {
      const values = part.map((item) => sql`(${itemId(kind, item.refId)}, ${item.tokens})`);
      await sql`insert into search_fts (rowid, tokens) values ${sql.join(values)}`.execute(trx);
    }
  },

  tiersAtOnce: false,

  tierReads(db, kind, termSets, window) {
    // compiled only when read: a kept window (the key is the terms) reads nothing
    return termSets.map((terms) =>
      windowTiers(window, (tier, mark): TierRead => ({
        tier,
        ids: async (exec) => idList((await exec<{ ids: string | null }>(tierQuery(db, kind, terms, mark, window.size)))[0]?.ids),
      })),
    );
  },

  matches(kind, terms) {
    const from = itemId(kind, 0);
    const match = (mark = '') => matchOf(kind, terms, mark);
    // every match; the title and keyword matches are materialised once and probed per match
    return sql`with t as materialized (select rowid as id from search_fts where ${match(TITLE_MARK)}),
      h as materialized (select rowid as id from search_fts where ${match(KEYWORD_MARK)})
      select rowid - ${sql.lit(from)} as ref_id, ${sql.lit(TIER.text)} + (rowid in (select id from h)) + (rowid in (select id from t)) as rel
      from search_fts where ${match()}`;
  },
};
