import { sql } from 'kysely';
import { chunks, noNul, type IndexBackend, type Kind } from './backend.ts';

/**
 * PostgreSQL: entries in `search_entries` with a `tokens` tsvector (GIN index). The tsvector is
 * written as a literal of the jieba words rather than through to_tsvector(), whose parser splits
 * CJK text by the database's locale (with lc_ctype=C it does not see Chinese words at all);
 * the literal keeps exactly the words the segmenter produced, on every locale. Title words carry
 * weight A, so ts_rank's default weights count them ten times a body word.
 */

const MAX_POSITIONS = 256; // PostgreSQL keeps at most 256 positions per lexeme
const MAX_POSITION = 16383;

const quote = (lexeme: string): string => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** `'word':1A,5 'other':2` for the given title and body words. */
export function tsvectorLiteral(title: readonly string[], tokens: readonly string[]): string {
  const positions = new Map<string, string[]>();
  let pos = 0;
  const add = (word: string, weight: string) => {
    pos = Math.min(pos + 1, MAX_POSITION);
    let list = positions.get(word);
    if (!list) positions.set(word, (list = []));
    if (list.length < MAX_POSITIONS) list.push(`${pos}${weight}`);
  };
  for (const w of title) add(w, 'A');
  for (const w of tokens) add(w, '');
  return [...positions].map(([w, list]) => `${quote(w)}:${list.join(',')}`).join(' ');
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

  async remove(trx, kind, refIds) {
    for (const part of chunks(refIds, 1000)) {
      await trx.deleteFrom('search_entries').where('kind', '=', kind).where('ref_id', 'in', part).execute();
    }
  },

  async insert(trx, kind, entries) {
    for (const part of chunks(entries, 200)) {
      const values = part.map(
        (e) => sql`(${kind}, ${e.refId}, ${e.page}, ${noNul(e.text)}, ${noNul(tsvectorLiteral(e.title, e.tokens))}::tsvector)`,
      );
      await sql`insert into search_entries (kind, ref_id, page, text, tokens) values ${sql.join(values)}`.execute(trx);
    }
  },

  hits(kind, words) {
    const hits = words.map((w, i) => {
      const q = quote(w);
      return sql`select ref_id, page, ${i}::int as t, ts_rank(tokens, ${q}::tsquery) as s
        from search_entries where kind = ${kind} and tokens @@ ${q}::tsquery`;
    });
    return sql.join(hits, sql` union all `);
  },

  joinAgg: (expr) => sql`string_agg(cast(${expr} as text), ',')`,
};
