import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { publicTexts, type TextVisibility } from '../modules/document/public-text.ts';
// the description's length (200 characters of the first 20 pages) and how the texts are read are
// still the rules migration 006 froze: reused, not copied. The day one changes, fork it here; the
// frozen file never changes.
import { DESCRIPTION_PAGES, leadingTexts, summarise } from '../db/migrations/frozen/paid-text-006.ts';

export { leadingTexts };

/**
 * Descriptions the site writes for documents whose uploader gave none: the start of the public
 * page text (public-text.ts), never text a paid document keeps for its buyers. When what is
 * public changes (price, preview, a new conversion) such a description is written again; one an
 * uploader wrote is never touched.
 */

/** The description the site writes: the start of the document's public text. */
export const generatedDescription = (doc: TextVisibility, texts: readonly string[]): string =>
  summarise(publicTexts(doc, texts).slice(0, DESCRIPTION_PAGES));

export interface DescribedDocument extends TextVisibility {
  id: number;
  description: string;
}

/**
 * Whether the site wrote the description: none yet, the one this state of the document generates,
 * or one written before paid documents kept their text to the preview (the start of every page).
 */
const siteWritten = (doc: DescribedDocument, texts: readonly string[]): boolean =>
  doc.description === '' || doc.description === generatedDescription(doc, texts) || doc.description === summarise(texts);

/** The live documents of a file, as `refreshDescriptions` needs them. */
export const documentsOfFile = (db: Kysely<DB>, hash: string): Promise<DescribedDocument[]> =>
  db
    .selectFrom('documents')
    .select(['id', 'price', 'preview', 'description'])
    .where('hash', '=', hash)
    .where('deleted_at', 'is', null)
    .execute();

/**
 * After a change of what is public of documents: each document whose description the site wrote
 * gets the one its new state generates; one an uploader wrote stays, and so does one changed in
 * the meantime (or in the same edit). `before`: the documents before the change; `oldTexts` and
 * `texts`: their leading page texts before and after it. Runs in the caller's transaction.
 */
export async function refreshDescriptions(
  db: Kysely<DB>,
  before: readonly DescribedDocument[],
  oldTexts: readonly string[],
  texts: readonly string[],
): Promise<void> {
  if (!before.length) return;
  const was = new Map(before.map((d) => [d.id, d]));
  const now = await db
    .selectFrom('documents')
    .select(['id', 'price', 'preview', 'description'])
    .where('id', 'in', [...was.keys()])
    .execute();
  for (const doc of now) {
    const old = was.get(doc.id);
    if (!old || doc.description !== old.description || !siteWritten(old, oldTexts)) continue;
    const description = generatedDescription(doc, texts);
    if (description === doc.description) continue;
    await db
      .updateTable('documents')
      .set({ description })
      .where('id', '=', doc.id)
      .where('description', '=', doc.description)
      .execute();
  }
}
