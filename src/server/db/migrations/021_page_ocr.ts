import type { Kysely } from 'kysely';
import { addColumn } from './columns.ts';

/**
 * Text recognition of scanned pages (convert/ocr.ts). `ocr_state`: 0 the page has a text layer (or
 * is not recognised), 1 waiting for recognition, 2 recognised, 3 recognition failed.
 * `ocr_confidence`: the recognised words' mean confidence, 0–100 (-1 when not recognised).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumn(db, 'document_pages', 'ocr_state', 'integer', 0);
  await addColumn(db, 'document_pages', 'ocr_confidence', 'integer', -1);
  await db.schema.createIndex('document_pages_ocr_state').on('document_pages').columns(['ocr_state', 'hash']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('document_pages_ocr_state').ifExists().execute();
  await db.schema.alterTable('document_pages').dropColumn('ocr_confidence').execute();
  await db.schema.alterTable('document_pages').dropColumn('ocr_state').execute();
}
