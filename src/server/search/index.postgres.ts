import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { chunks, noNul, TIER, windowTiers, type Execute, type IndexBackend, type Kind } from './backend.ts';
import { KEYWORD_MARK, TITLE_MARK } from './grams.ts';
import { newestIds, rangeTokens } from './newest.postgres.ts';
import { markTerm, type Term } from './terms.ts';

/**
 * PostgreSQL: head and page entries in `search_entries` (which pages hold the terms is read from
 * their text, hits.ts); each item's tokens (grams.ts itemTokens, and its id ranges: rangeTokens) in a
 * `tokens` tsvector of `search_items`, one row per item, with a GIN index (migration 029). The
 * tsvector is written as a literal of our tokens rather than through to_tsvector(), whose parser
 * splits CJK text by the database's locale (with lc_ctype=C it does not see Chinese at all); the
 * literal keeps exactly our tokens on every locale.
 */

const MAX_POSITION = 16383;
const MAX_BYTES = 900_000; // a tsvector holds at most 1 MB

const quote = (lexeme: string): string => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const termQuery = (t: Term): string => (t.prefix ? `${quote(t.grams[0])}:*` : `(${t.grams.map(quote).join(' & ')})`);
const tsquery = (terms: readonly Term[], mark = '') => terms.map((t) => termQuery(mark ? markTerm(mark, t) : t)).join(' & ');

/** Each word with its positions (`1A` for title words), at most 256 as PostgreSQL keeps. */
function positions(title: readonly string[], tokens: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let pos = 0;
  const add = (word: string, weight: string) => {
    pos = Math.min(pos + 1, MAX_POSITION);
    let list = out.get(word);
    if (!list) out.set(word, (list = []));
    if (list.length < 256) list.push(`${pos}${weight}`);
  };
  for (const w of title) add(w, 'A');
  for (const w of tokens) add(w, '');
  return out;
}

/**
 * `'word':1A,5 'other':2` within PostgreSQL's 1 MB limit: long texts keep fewer positions per
 * word (title positions always), then none, then only the words met first.
 */
export function tsvectorLiteral(title: readonly string[], tokens: readonly string[], maxPerWord = 256): string {
  let words = [...positions(title, tokens)].map(([w, list]) => [noNul(quote(w)), list] as const);
  for (;;) {
    for (const perWord of [256, 16, 1, 0].filter((n) => n <= maxPerWord)) {
      const parts = words.map(([w, list]) => {
        const kept = list.filter((p, i) => i < perWord || p.endsWith('A'));
        return kept.length ? `${w}:${kept.join(',')}` : w;
      });
      const text = parts.join(' ');
      if (Buffer.byteLength(text) < MAX_BYTES) return text;
    }
    words = words.slice(0, Math.floor(words.length / 2));
  }
}

// classid for advisory locks of index writers (two ASCII letters "SE" + kind)
const lockClass = (kind: Kind): number => 0x5345_00 + (kind === 'doc' ? 1 : 2);

/**
 * Builds the items' GIN index if it is missing (after a bulk rebuild, or one that was interrupted),
 * then the visibility map (VACUUM: the newest id and the facet rows are read from the indexes
 * alone, 0.5 ms for a window's thousand facet rows against 6 ms before) and the planner's
 * statistics: the row estimates of a table rewritten in bulk are those of the table before (none,
 * on a new database) until autovacuum gets to it, and without them a common word's search
 * filtered every item's tsvector instead of asking the GIN index (5.7 s instead of 0.1 s at
 * 100,000 documents).
 */
async function buildTokensIndex(db: Kysely<DB>): Promise<void> {
  // to_regclass follows the search path, as the statements do
  const { rows } = await sql<{ found: string | null }>`select to_regclass('search_items_tokens')::text as found`.execute(db);
  if (rows[0]?.found) return;
  await db.transaction().execute(async (trx) => {
    await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
    await sql`create index if not exists search_items_tokens on search_items using gin (tokens)`.execute(trx);
  });
  await sql`vacuum analyze search_items, search_facets`.execute(db);
}

export const postgresIndex: IndexBackend = {
  async lock(trx, kind, refIds) {
    // in id order, so two writers of overlapping batches cannot deadlock
    const ids = [...new Set(refIds)].sort((a, b) => a - b);
    for (const part of chunks(ids, 500)) {
      const list = sql.join(part.map((id) => sql`(${id}::int)`));
      await sql`select pg_advisory_xact_lock(${lockClass(kind)}, id) from (values ${list}) as v(id) order by id`.execute(trx);
    }
  },

  async clear(trx) {
    await trx.deleteFrom('search_entries').execute();
    await sql`delete from search_items`.execute(trx);
  },

  async bulk(db, run) {
    // a GIN index built once over every row takes a fraction of the time of one kept up row by
    // row; repair() builds it if the rebuild is interrupted
    await sql`drop index if exists search_items_tokens`.execute(db);
    const out = await run();
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

  async insert(trx, kind, items) {
    const entries = items.flatMap((item) => item.entries.map((e) => sql`(${kind}, ${item.refId}, ${e.page}, ${noNul(e.text)})`));
    for (const part of chunks(entries, 200)) {
      await sql`insert into search_entries (kind, ref_id, page, text) values ${sql.join(part)}`.execute(trx);
    }
    for (const part of chunks(items, 200)) {
      const rows = part.map((item) => {
        const tokens = [...item.tokens.split(' ').filter(Boolean), ...rangeTokens(kind, item.refId)];
        return sql`(${kind}, ${item.refId}, ${tsvectorLiteral([], tokens, 0)}::tsvector)`;
      });
      await sql`insert into search_items (kind, ref_id, tokens) values ${sql.join(rows)}`.execute(trx);
    }
  },

  matches(kind, terms, window) {
    const q = (mark = '') => sql`${tsquery(terms, mark)}::tsquery`;
    const rows = sql`search_items where kind = ${kind} and tokens @@ ${q()}`;
    if (!window) {
      return sql`select ref_id, ${sql.lit(TIER.text)} + (tokens @@ ${q(KEYWORD_MARK)})::int + (tokens @@ ${q(TITLE_MARK)})::int as rel from ${rows}`;
    }
    const n = sql.lit(window.size);
    const newest = (mark: string, tier: number) =>
      sql`(select ref_id, ${sql.lit(tier)} as rel from search_items where kind = ${kind} and tokens @@ ${q(mark)} order by ref_id desc limit ${n})`;
    if (window.newest) return newest('', TIER.text);
    // the first n of the order (tier desc, id desc) are among the newest n of each tier's matches
    return sql`select ref_id, max(rel) as rel from (
        ${newest(TITLE_MARK, TIER.title)} union all ${newest(KEYWORD_MARK, TIER.keywords)} union all ${newest('', TIER.text)}
      ) w group by ref_id order by rel desc, ref_id desc limit ${n}`;
  },

  tiersAtOnce: true,

  tierReads(db, kind, terms, window) {
    return windowTiers(window, (tier, mark) => ({
      tier,
      ids: (exec: Execute) => newestIds(db, exec, kind, tsquery(terms, mark), window.size),
    }));
  },
};
