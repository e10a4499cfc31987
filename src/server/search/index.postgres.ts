import { sql } from 'kysely';
import { chunks, noNul, TIER, type IndexBackend, type Kind } from './backend.ts';
import { KEYWORD_MARK, TITLE_MARK } from './grams.ts';
import { markTerm, type Term } from './terms.ts';

/**
 * PostgreSQL: entries in `search_entries` with a `tokens` tsvector; the whole-item row has
 * page -1, empty text, the item's tokens (grams.ts itemTokens) and the GIN index (partial:
 * only those rows are searched). The tsvector is written as a literal of our tokens rather than
 * through to_tsvector(), whose parser splits CJK text by the database's locale (with
 * lc_ctype=C it does not see Chinese at all); the literal keeps exactly our tokens on every
 * locale. Head and page rows keep an empty tsvector: which pages hold the terms is read from the
 * text (hits.ts).
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
  },

  async bulk(db, run) {
    const out = await run();
    // the planner's row estimates of a table rewritten in bulk are those of the table before
    // (none, on a new database) until autovacuum gets to it: without them a common word's search
    // filtered every item's tsvector instead of asking the GIN index (5.7 s instead of 0.1 s at
    // 100,000 documents)
    await sql`analyze search_entries, search_facets`.execute(db);
    return out;
  },

  async remove(trx, kind, refIds) {
    for (const part of chunks(refIds, 1000)) {
      await trx.deleteFrom('search_entries').where('kind', '=', kind).where('ref_id', 'in', part).execute();
    }
  },

  async insert(trx, kind, items) {
    const rows = items.flatMap((item) => [
      ...item.entries.map((e) => ({ ref: item.refId, page: e.page, text: noNul(e.text), tokens: '' })),
      { ref: item.refId, page: -1, text: '', tokens: tsvectorLiteral([], item.tokens.split(' ').filter(Boolean), 0) },
    ]);
    for (const part of chunks(rows, 200)) {
      const values = part.map((r) => sql`(${kind}, ${r.ref}, ${r.page}, ${r.text}, ${r.tokens}::tsvector)`);
      await sql`insert into search_entries (kind, ref_id, page, text, tokens) values ${sql.join(values)}`.execute(trx);
    }
  },

  matches(kind, terms, window) {
    const q = (mark = '') => sql`${tsquery(terms, mark)}::tsquery`;
    const rows = sql`search_entries where kind = ${kind} and page < 0 and tokens @@ ${q()}`;
    if (!window) {
      return sql`select ref_id, ${sql.lit(TIER.text)} + (tokens @@ ${q(KEYWORD_MARK)})::int + (tokens @@ ${q(TITLE_MARK)})::int as rel from ${rows}`;
    }
    const n = sql.lit(window.size);
    const newest = (mark: string, tier: number) =>
      sql`(select ref_id, ${sql.lit(tier)} as rel from search_entries where kind = ${kind} and page < 0 and tokens @@ ${q(mark)} order by ref_id desc limit ${n})`;
    if (window.newest) return newest('', TIER.text);
    // the first n of the order (tier desc, id desc) are among the newest n of each tier's matches
    return sql`select ref_id, max(rel) as rel from (
        ${newest(TITLE_MARK, TIER.title)} union all ${newest(KEYWORD_MARK, TIER.keywords)} union all ${newest('', TIER.text)}
      ) w group by ref_id order by rel desc, ref_id desc limit ${n}`;
  },
};
