import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/db.ts';
import { dialectOf } from '../db/dialect.ts';
import { groupPages, type Kind } from './backend.ts';
import type { Term } from './terms.ts';
import { inList } from './search.helpers.ts';

/**
 * Which pages of the results on screen hold any of the terms, read from the page text itself
 * (documents: `document_pages`, public pages only; articles: the body kept in `search_entries`):
 * a page holds a term when its text contains every gram of it (a one-character term: that
 * character). Only the ten results of a page are asked, so pages need no index of their own.
 * A word of a script with spaces is found as a substring here (`mail` in `email`): the item
 * itself matched the whole word in the index.
 */

const HAN_ONLY = /^[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}]+$/u;

function holds(db: Database, text: RawBuilder<unknown>, gram: string): RawBuilder<unknown> {
  // index grams are lower case; Chinese and Japanese have no case, so their text is not lowered
  const haystack = HAN_ONLY.test(gram) ? text : sql`lower(${text})`;
  return dialectOf(db) === 'postgres' ? sql`strpos(${haystack}, ${gram}) > 0` : sql`instr(${haystack}, ${gram}) > 0`;
}

function anyTerm(db: Database, text: RawBuilder<unknown>, terms: readonly Term[]): RawBuilder<unknown> {
  const each = terms.map((t) => sql`(${sql.join(t.grams.map((g) => holds(db, text, g)), sql` and `)})`);
  return sql.join(each, sql` or `);
}

export async function hitPages(db: Database, kind: Kind, terms: readonly Term[], refIds: readonly number[]): Promise<Map<number, number[]>> {
  if (!refIds.length || !terms.length) return new Map();
  const query =
    kind === 'doc'
      ? sql<{ ref_id: number; page: number }>`select d.id as ref_id, p.page from documents d join document_pages p on p.hash = d.hash
          where d.id in (${inList(refIds)}) and p.page > 0 and (d.price <= 0 or d.preview <= 0 or p.page <= d.preview)
          and (${anyTerm(db, sql`p.text`, terms)})`
      : sql<{ ref_id: number; page: number }>`select ref_id, page from search_entries
          where kind = ${kind} and ref_id in (${inList(refIds)}) and page > 0 and (${anyTerm(db, sql`text`, terms)})`;
  const { rows } = await query.execute(db);
  return groupPages(rows);
}
