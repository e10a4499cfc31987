import { sql } from 'kysely';
import { chunks, groupPages, wholeItem, type IndexBackend, type Kind } from './backend.ts';

/**
 * SQLite: raw text in `search_entries`; words in two contentless FTS5 tables (unicode61 over the
 * space-joined jieba words, so every Chinese word is a token): `search_fts` holds one row per
 * item (rowid `kind << 32 | ref_id`) that searches match and rank (bm25), `search_pages_fts`
 * one row per page > 0 (rowid = entry id `kind << 51 | ref_id << 20 | page`) that only tells
 * which pages of the results on screen hold the words. Rowids say what a row is, so a search
 * never looks up a table per match. Item ids stay below 2^31 and pages below 2^20.
 */

const PAGE_BITS = 2 ** 20;
const KIND_BITS = 2 ** 51;
const ITEM_KIND_BITS = 2 ** 32;
const kindNo = (kind: Kind): number => (kind === 'doc' ? 0 : 1);
export const entryId = (kind: Kind, refId: number, page: number): number => kindNo(kind) * KIND_BITS + refId * PAGE_BITS + page;
const itemId = (kind: Kind, refId: number): number => kindNo(kind) * ITEM_KIND_BITS + refId;

// FTS5 string literal: only letters and digits reach here, but quote anyway
const phrase = (word: string): string => `"${word.replace(/"/g, '""')}"`;
const expr = (words: readonly string[], op: 'AND' | 'OR') => words.map(phrase).join(` ${op} `);

export const sqliteIndex: IndexBackend = {
  async lock() {
    // SQLite has one writer at a time; the transaction is enough
  },

  async clear(trx) {
    await sql`insert into search_fts (search_fts) values ('delete-all')`.execute(trx);
    await sql`insert into search_pages_fts (search_pages_fts) values ('delete-all')`.execute(trx);
    await trx.deleteFrom('search_entries').execute();
  },

  async remove(trx, kind, refIds) {
    for (const part of chunks(refIds, 500)) {
      // pages 1 … 2^20-1 of each item: the page FTS rows; page 0 … of each item: its entries
      const pages = sql.join(part.map((id) => sql`(id > ${entryId(kind, id, 0)} and id < ${entryId(kind, id + 1, 0)})`), sql` or `);
      const entries = sql.join(part.map((id) => sql`(id >= ${entryId(kind, id, 0)} and id < ${entryId(kind, id + 1, 0)})`), sql` or `);
      await sql`delete from search_pages_fts where rowid in (select id from search_entries where ${pages})`.execute(trx);
      await sql`delete from search_fts where rowid in (${sql.join(part.map((id) => sql`${itemId(kind, id)}`))})`.execute(trx);
      await sql`delete from search_entries where ${entries}`.execute(trx);
    }
  },

  async insert(trx, kind, items) {
    const rows = items.flatMap((item) =>
      item.entries.filter((e) => e.page < PAGE_BITS).map((e) => ({ id: entryId(kind, item.refId, e.page), ref_id: item.refId, e })),
    );
    for (const part of chunks(rows, 200)) {
      await trx.insertInto('search_entries').values(part.map((r) => ({ id: r.id, kind, ref_id: r.ref_id, page: r.e.page, text: r.e.text }))).execute();
      const pages = part.filter((r) => r.e.page > 0).map((r) => sql`(${r.id}, ${r.e.tokens.join(' ')})`);
      if (pages.length) await sql`insert into search_pages_fts (rowid, tokens) values ${sql.join(pages)}`.execute(trx);
    }
    for (const part of chunks(items, 50)) {
      const values = part.map((item) => {
        const w = wholeItem(item);
        return sql`(${itemId(kind, item.refId)}, ${w.title.join(' ')}, ${w.tokens.join(' ')})`;
      });
      await sql`insert into search_fts (rowid, title, tokens) values ${sql.join(values)}`.execute(trx);
    }
  },

  matches(kind, words) {
    // FTS5 intersects the words itself; `rank` with bm25 weights: title words count ten times
    const from = itemId(kind, 0);
    return sql`select rowid - ${sql.lit(from)} as ref_id, -rank as rel
      from search_fts where search_fts match ${expr(words, 'AND')} and rank match 'bm25(10.0, 1.0)'
      and rowid >= ${sql.lit(from)} and rowid < ${sql.lit(from + ITEM_KIND_BITS)}`;
  },

  async hitPages(db, kind, words, refIds) {
    if (!refIds.length || !words.length) return new Map();
    const match = expr(words, 'OR');
    const parts = refIds.map(
      (id) => sql`select ${sql.lit(id)} as ref_id, rowid - ${sql.lit(entryId(kind, id, 0))} as page from search_pages_fts
        where search_pages_fts match ${match} and rowid > ${sql.lit(entryId(kind, id, 0))} and rowid < ${sql.lit(entryId(kind, id + 1, 0))}`,
    );
    const { rows } = await sql<{ ref_id: number; page: number }>`${sql.join(parts, sql` union all `)}`.execute(db);
    return groupPages(rows);
  },
};
