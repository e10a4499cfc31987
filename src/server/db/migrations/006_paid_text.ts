import type { Kysely } from 'kysely';
import { leadingTexts, redescribe, removeFromIndex, type PaidDocument } from './frozen/paid-text-006.ts';

/**
 * Paid documents show only their preview pages' text (modules/document/public-text.ts). What was
 * written before that rule is put right: a paid document's description generated from every page
 * is written again from its preview pages, and its index entries (which held every page) are
 * taken out, so the index sync writes them again from the preview pages alone. Free documents
 * and paid ones without a preview limit are unchanged by the rule. The rules are frozen beside
 * this file (frozen/paid-text-006.ts), as they were when it was written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const docs: Array<PaidDocument & { hash: string }> = await db
    .selectFrom('documents')
    .select(['id', 'hash', 'preview', 'description'])
    .where('price', '>', 0)
    .where('preview', '>', 0)
    .execute();
  const byHash = new Map<string, typeof docs>();
  for (const d of docs) byHash.set(d.hash, [...(byHash.get(d.hash) ?? []), d]);
  for (const [hash, list] of byHash) {
    const texts = await leadingTexts(db, hash);
    for (const doc of list) await redescribe(db, doc, texts);
  }
  const ids = docs.map((d) => d.id);
  if (!ids.length) return;
  await removeFromIndex(db, ids);
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .deleteFrom('search_refs')
      .where('kind', '=', 'doc')
      .where('ref_id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

export async function down(): Promise<void> {
  // nothing to undo: descriptions and index entries written under the rule stay right without it
}
