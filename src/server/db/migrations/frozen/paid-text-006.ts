import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../dialect.ts';

/**
 * The rules migration 006 applied, frozen as they were when it was written (convert/description.ts,
 * modules/document/public-text.ts and the search backends of that time): a later change to those
 * modules must not change what this migration does to a database upgraded from before it.
 * The live code reuses the parts whose rule is still the same (it forks them the day it changes).
 */

const DESCRIPTION_CHARS = 200;
/** Page texts read for a description. */
export const DESCRIPTION_PAGES = 20;

/** The first 200 characters of the texts, whitespace runs as one space. */
export const summarise = (texts: readonly string[]): string =>
  [...texts.join(' ').replace(/\s+/g, ' ').trim()].slice(0, DESCRIPTION_CHARS).join('');

/** The leading page texts of a file, page 1 first. */
export async function leadingTexts(db: Kysely<any>, hash: string): Promise<string[]> {
  const rows: Array<{ text: string }> = await db
    .selectFrom('document_pages')
    .select('text')
    .where('hash', '=', hash)
    .where('page', '>', 0)
    .orderBy('page')
    .limit(DESCRIPTION_PAGES)
    .execute();
  return rows.map((r) => r.text);
}

export interface PaidDocument {
  id: number;
  preview: number;
  description: string;
}

/**
 * A paid document with a preview limit gets the description of its preview pages, when the site
 * wrote the one it has (none, the preview one, or the start of every page); one an uploader
 * wrote stays.
 */
export async function redescribe(db: Kysely<any>, doc: PaidDocument, texts: readonly string[]): Promise<void> {
  const generated = summarise(texts.slice(0, doc.preview).slice(0, DESCRIPTION_PAGES));
  const siteWritten = doc.description === '' || doc.description === generated || doc.description === summarise(texts);
  if (!siteWritten || doc.description === generated) return;
  await db
    .updateTable('documents')
    .set({ description: generated })
    .where('id', '=', doc.id)
    .where('description', '=', doc.description)
    .execute();
}

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * Takes documents out of the search index (tables of migration 005). SQLite: the item row of
 * `search_fts` (rowid = ref_id for documents) and the entries with ids `ref_id << 20 | page`;
 * PostgreSQL: the entries by kind and ref_id.
 */
export async function removeFromIndex(db: Kysely<any>, ids: readonly number[]): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const part of chunks(ids, 1000)) {
      await db.deleteFrom('search_entries').where('kind', '=', 'doc').where('ref_id', 'in', part).execute();
    }
    return;
  }
  const PAGE_BITS = 2 ** 20;
  for (const part of chunks(ids, 500)) {
    await sql`delete from search_fts where rowid in (${sql.join(part.map((id) => sql`${id}`))})`.execute(db);
    const entries = sql.join(
      part.map((id) => sql`(id >= ${id * PAGE_BITS} and id < ${(id + 1) * PAGE_BITS})`),
      sql` or `,
    );
    await sql`delete from search_entries where ${entries}`.execute(db);
  }
}
