import { sql } from 'kysely';
import { chunks, groupPages, wholeItem, type IndexBackend, type Kind } from './backend.ts';

/**
 * SQLite: raw text in `search_entries`, words in the contentless FTS5 table `search_fts`
 * (unicode61 tokenizer over the space-joined jieba words, so every Chinese word is a token).
 * Rowids say what a row is, `kind << 51 | ref_id << 20 | page`, with kinds 0/1 for the entries
 * of documents/articles (rowid = entry id) and 2/3 for their whole-item rows: a search reads
 * item and page from the rowid alone and picks the kind with a rowid range, without a table
 * lookup per match. Item ids stay below 2^31 and pages below 2^20 (safe JavaScript integers).
 */

const PAGE_BITS = 2 ** 20;
const KIND_BITS = 2 ** 51;
const kindNo = (kind: Kind): number => (kind === 'doc' ? 0 : 1);
export const entryId = (kind: Kind, refId: number, page: number): number => kindNo(kind) * KIND_BITS + refId * PAGE_BITS + page;
const wholeId = (kind: Kind, refId: number): number => (kindNo(kind) + 2) * KIND_BITS + refId * PAGE_BITS;

// FTS5 string literal: only letters and digits reach here, but quote anyway
const phrase = (word: string): string => `"${word.replace(/"/g, '""')}"`;
const expr = (words: readonly string[], op: 'AND' | 'OR') => words.map(phrase).join(` ${op} `);

export const sqliteIndex: IndexBackend = {
  async lock() {
    // SQLite has one writer at a time; the transaction is enough
  },

  async remove(trx, kind, refIds) {
    for (const part of chunks(refIds, 500)) {
      const ranges = sql.join(part.map((id) => sql`(id >= ${entryId(kind, id, 0)} and id < ${entryId(kind, id + 1, 0)})`), sql` or `);
      const wholes = sql.join(part.map((id) => sql`${wholeId(kind, id)}`));
      await sql`delete from search_fts where rowid in (select id from search_entries where ${ranges}) or rowid in (${wholes})`.execute(trx);
      await sql`delete from search_entries where ${ranges}`.execute(trx);
    }
  },

  async insert(trx, kind, items) {
    const rows = items.flatMap((item) =>
      item.entries.filter((e) => e.page < PAGE_BITS).map((e) => ({ id: entryId(kind, item.refId, e.page), ref_id: item.refId, e })),
    );
    for (const part of chunks(rows, 200)) {
      await trx.insertInto('search_entries').values(part.map((r) => ({ id: r.id, kind, ref_id: r.ref_id, page: r.e.page, text: r.e.text }))).execute();
      const values = part.map((r) => sql`(${r.id}, ${r.e.title.join(' ')}, ${r.e.tokens.join(' ')})`);
      await sql`insert into search_fts (rowid, title, tokens) values ${sql.join(values)}`.execute(trx);
    }
    for (const part of chunks(items, 50)) {
      const values = part.map((item) => {
        const w = wholeItem(item);
        return sql`(${wholeId(kind, item.refId)}, ${w.title.join(' ')}, ${w.tokens.join(' ')})`;
      });
      await sql`insert into search_fts (rowid, title, tokens) values ${sql.join(values)}`.execute(trx);
    }
  },

  matches(kind, words) {
    // FTS5 intersects the words itself; `rank` with bm25 weights: title words count ten times
    const from = wholeId(kind, 0);
    return sql`select (rowid - ${sql.lit(from)}) / ${sql.lit(PAGE_BITS)} as ref_id, -rank as rel
      from search_fts where search_fts match ${expr(words, 'AND')} and rank match 'bm25(10.0, 1.0)'
      and rowid >= ${sql.lit(from)} and rowid < ${sql.lit(from + KIND_BITS)}`;
  },

  async hitPages(db, kind, words, refIds) {
    if (!refIds.length || !words.length) return new Map();
    const match = expr(words, 'OR');
    const parts = refIds.map(
      (id) => sql`select ${sql.lit(id)} as ref_id, rowid - ${sql.lit(entryId(kind, id, 0))} as page from search_fts
        where search_fts match ${match} and rowid > ${sql.lit(entryId(kind, id, 0))} and rowid < ${sql.lit(entryId(kind, id + 1, 0))}`,
    );
    const { rows } = await sql<{ ref_id: number; page: number }>`${sql.join(parts, sql` union all `)}`.execute(db);
    return groupPages(rows);
  },
};
