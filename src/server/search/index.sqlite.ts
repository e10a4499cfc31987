import { sql } from 'kysely';
import { chunks, type IndexBackend, type Kind } from './backend.ts';

/**
 * SQLite: raw text in `search_entries`, words in the contentless FTS5 table `search_fts`
 * (unicode61 tokenizer over the space-joined jieba words, so every Chinese word is a token).
 * Entry id and FTS rowid are the same number, `kind << 52 | ref_id << 20 | page`: a search gets
 * item and page from the rowid alone and restricts the kind with a rowid range, without a
 * single table lookup per match (reading stored columns per match made common words 2× slower).
 */

const PAGE_BITS = 2 ** 20;
const KIND_BITS = 2 ** 52;
const kindNo = (kind: Kind): number => (kind === 'doc' ? 0 : 1);
/** Items up to id 2^32 - 1 with up to 2^20 - 1 pages stay within JavaScript's safe integers. */
export const entryId = (kind: Kind, refId: number, page: number): number => kindNo(kind) * KIND_BITS + refId * PAGE_BITS + page;

// FTS5 string literal: only letters and digits reach here, but quote anyway
const phrase = (word: string): string => `"${word.replace(/"/g, '""')}"`;

export const sqliteIndex: IndexBackend = {
  async lock() {
    // SQLite has one writer at a time; the transaction is enough
  },

  async remove(trx, kind, refIds) {
    for (const part of chunks(refIds, 500)) {
      const ranges = part.map((id) => sql`(id >= ${entryId(kind, id, 0)} and id < ${entryId(kind, id + 1, 0)})`);
      const where = sql.join(ranges, sql` or `);
      await sql`delete from search_fts where rowid in (select id from search_entries where ${where})`.execute(trx);
      await sql`delete from search_entries where ${where}`.execute(trx);
    }
  },

  async insert(trx, kind, entries) {
    for (const part of chunks(entries, 200)) {
      const rows = part.map((e) => ({ id: entryId(kind, e.refId, e.page), kind, ref_id: e.refId, page: e.page, text: e.text }));
      await trx.insertInto('search_entries').values(rows).execute();
      const words = part.map((e, i) => sql`(${rows[i]!.id}, ${e.title.join(' ')}, ${e.tokens.join(' ')})`);
      await sql`insert into search_fts (rowid, title, tokens) values ${sql.join(words)}`.execute(trx);
    }
  },

  hits(kind, words) {
    // one FTS lookup per word; bm25 is negative (more negative = better)
    const from = entryId(kind, 0, 0);
    const to = entryId(kind, 0, 0) + KIND_BITS;
    const hits = words.map(
      (w, i) => sql`select (rowid - ${sql.lit(from)}) / ${sql.lit(PAGE_BITS)} as ref_id, rowid % ${sql.lit(PAGE_BITS)} as page,
        ${sql.lit(i)} as t, -bm25(search_fts, 10.0, 1.0) as s
        from search_fts where search_fts match ${phrase(w)} and rowid >= ${sql.lit(from)} and rowid < ${sql.lit(to)}`,
    );
    return sql.join(hits, sql` union all `);
  },

  joinAgg: (expr) => sql`group_concat(${expr})`,
};
