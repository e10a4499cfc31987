import { sql } from 'kysely';
import { chunks, type IndexBackend } from './backend.ts';

/**
 * SQLite: entries in `search_entries`, words in the FTS5 table `search_fts` (rowid = entry id,
 * unicode61 tokenizer over the space-joined jieba words, so every Chinese word is a token).
 */

// FTS5 string literal: only letters and digits reach here, but quote anyway
const phrase = (word: string): string => `"${word.replace(/"/g, '""')}"`;

export const sqliteIndex: IndexBackend = {
  async lock() {
    // SQLite has one writer at a time; the transaction is enough
  },

  async remove(trx, kind, refIds) {
    for (const part of chunks(refIds, 500)) {
      const list = sql.join(part.map((id) => sql`${id}`));
      await sql`delete from search_fts where rowid in (select id from search_entries where kind = ${kind} and ref_id in (${list}))`.execute(trx);
      await trx.deleteFrom('search_entries').where('kind', '=', kind).where('ref_id', 'in', part).execute();
    }
  },

  async insert(trx, kind, entries) {
    for (const part of chunks(entries, 200)) {
      const rows = await trx
        .insertInto('search_entries')
        .values(part.map((e) => ({ kind, ref_id: e.refId, page: e.page, text: e.text })))
        .returning(['id', 'ref_id', 'page'])
        .execute();
      const idOf = new Map(rows.map((r) => [`${r.ref_id}:${r.page}`, r.id]));
      const values = part.map(
        (e) => sql`(${idOf.get(`${e.refId}:${e.page}`)}, ${e.title.join(' ')}, ${e.tokens.join(' ')}, ${kind}, ${e.refId}, ${e.page})`,
      );
      await sql`insert into search_fts (rowid, title, tokens, kind, ref_id, page) values ${sql.join(values)}`.execute(trx);
    }
  },

  hits(kind, words) {
    // one FTS lookup per word; bm25 is negative (more negative = better)
    const hits = words.map(
      (w, i) => sql`select ref_id, page, ${i} as t, -bm25(search_fts, 10.0, 1.0) as s from search_fts where search_fts match ${phrase(w)} and kind = ${kind}`,
    );
    return sql.join(hits, sql` union all `);
  },

  joinAgg: (expr) => sql`group_concat(${expr})`,
};
