import { sql } from 'kysely';
import { chunks, groupPages, noNul, wholeItem, type IndexBackend, type Kind } from './backend.ts';

/**
 * PostgreSQL: entries in `search_entries` with a `tokens` tsvector; the whole-item row has
 * page -1, empty text, and the GIN index (partial: only those rows are searched by words).
 * The tsvector is written as a literal of the jieba words rather than through to_tsvector(),
 * whose parser splits CJK text by the database's locale (with lc_ctype=C it does not see
 * Chinese words at all); the literal keeps exactly the segmenter's words on every locale.
 * Title words carry weight A, so ts_rank's default weights count them ten times a body word.
 */

const MAX_POSITION = 16383;
const MAX_BYTES = 900_000; // a tsvector holds at most 1 MB

const quote = (lexeme: string): string => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const tsquery = (words: readonly string[], op: '&' | '|') => words.map(quote).join(` ${op} `);

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

  async remove(trx, kind, refIds) {
    for (const part of chunks(refIds, 1000)) {
      await trx.deleteFrom('search_entries').where('kind', '=', kind).where('ref_id', 'in', part).execute();
    }
  },

  async insert(trx, kind, items) {
    // pages are only asked whether they hold a word (no positions); the whole item is ranked, and
    // a few positions per word are enough for ts_rank (its word frequency saturates anyway)
    const rows = items.flatMap((item) => [
      ...item.entries.map((e) => ({ ref: item.refId, page: e.page, text: noNul(e.text), title: e.title, tokens: e.tokens, per: 0 })),
      { ref: item.refId, page: -1, text: '', ...wholeItem(item), per: 16 },
    ]);
    for (const part of chunks(rows, 100)) {
      const values = part.map((r) => sql`(${kind}, ${r.ref}, ${r.page}, ${r.text}, ${tsvectorLiteral(r.title, r.tokens, r.per)}::tsvector)`);
      await sql`insert into search_entries (kind, ref_id, page, text, tokens) values ${sql.join(values)}`.execute(trx);
    }
  },

  matches(kind, words) {
    // match all words; rank by any of them (ts_rank of an AND query needs word positions close together)
    return sql`select ref_id, ts_rank(tokens, ${tsquery(words, '|')}::tsquery) as rel
      from search_entries where kind = ${kind} and page < 0 and tokens @@ ${tsquery(words, '&')}::tsquery`;
  },

  async hitPages(db, kind, words, refIds) {
    if (!refIds.length || !words.length) return new Map();
    const rows = await db
      .selectFrom('search_entries')
      .select(['ref_id', 'page'])
      .where('kind', '=', kind)
      .where('ref_id', 'in', refIds)
      .where('page', '>', 0)
      .where(sql<boolean>`tokens @@ ${tsquery(words, '|')}::tsquery`)
      .execute();
    return groupPages(rows);
  },
};
