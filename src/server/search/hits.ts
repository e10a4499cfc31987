import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/db.ts';
import { lookupRows } from '../db/lookup.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Kind } from './backend.ts';
import type { Term } from './terms.ts';
import { inList } from './sql-list.ts';

/**
 * Which pages of the results on screen hold any of the terms, read from the page text itself
 * (documents: `document_pages`, public pages only; articles: the body kept in `search_entries`):
 * a page holds a term when its text contains every gram of it (a one-character term: that
 * character). Only the ten results of a page are asked, so pages need no index of their own.
 * The text of the first few hit pages comes along, for the snippets. A word of a script with
 * spaces is looked for as typed, as a substring (`mail` in `email`; `cafe` not in `café`): the
 * item itself matched the whole word in the index.
 */

/** Hit pages whose text comes along for the snippet of one result. */
export const SNIPPET_PAGES = 3;

export interface HitPages {
  /** ascending */
  pages: number[];
  /** text of the first SNIPPET_PAGES of them */
  texts: Map<number, string>;
}

const HAN_ONLY = /^[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}]+$/u;

const holds = (db: Database, haystack: RawBuilder<unknown>, needle: string): RawBuilder<unknown> =>
  dialectOf(db) === 'postgres' ? sql`strpos(${haystack}, ${needle}) > 0` : sql`instr(${haystack}, ${needle}) > 0`;

function anyTerm(db: Database, text: RawBuilder<unknown>, terms: readonly Term[]): RawBuilder<unknown> {
  const each = terms.map((t) =>
    t.grams.every((g) => HAN_ONLY.test(g))
      ? sql`(${sql.join(
          t.grams.map((g) => holds(db, text, g)),
          sql` and `,
        )})`
      : // a word of another script as the reader wrote it (the token may have lost its accents), in lower case
        holds(db, sql`lower(${text})`, t.word),
  );
  return sql.join(each, sql` or `);
}

export async function hitPages(
  db: Database,
  kind: Kind,
  terms: readonly Term[],
  refIds: readonly number[],
): Promise<Map<number, HitPages>> {
  const out = new Map<number, HitPages>();
  if (!refIds.length || !terms.length) return out;
  const pages =
    kind === 'doc'
      ? sql`select d.id as ref_id, p.page, p.text from documents d join document_pages p on p.hash = d.hash
          where d.id in (${inList(refIds)}) and p.page > 0 and (d.price <= 0 or d.preview <= 0 or p.page <= d.preview)
          and (${anyTerm(db, sql`p.text`, terms)})`
      : sql`select ref_id, page, text from search_entries
          where kind = ${kind} and ref_id in (${inList(refIds)}) and page > 0 and (${anyTerm(db, sql`text`, terms)})`;
  // planned once per connection on PostgreSQL (lookup.ts): its planning took longer than its run
  const rows = await lookupRows(
    db,
    sql<{ ref_id: number | string; page: number | string; text: string | null }>`
      select ref_id, page, case when k <= ${SNIPPET_PAGES} then text end as text
      from (select h.*, row_number() over (partition by h.ref_id order by h.page) as k from (${pages}) h) x
      order by ref_id, page`.compile(db),
  );
  for (const r of rows) {
    const id = Number(r.ref_id);
    let hit = out.get(id);
    if (!hit) out.set(id, (hit = { pages: [], texts: new Map() }));
    hit.pages.push(Number(r.page));
    if (r.text !== null) hit.texts.set(Number(r.page), r.text);
  }
  return out;
}
