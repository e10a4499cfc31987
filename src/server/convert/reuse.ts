import { nowIso } from '../db/dialect.ts';
import type { DocumentRow } from '../db/schema.ts';
import { coverKey, hashDir, pageKey } from './keys.ts';
import { summarise } from './pdf-pages.ts';
import type { ConvertDeps } from './pipeline.ts';
import { Status, fillDescription, released } from './queue.ts';

/** Pages of text read to make a description. */
const SUMMARY_PAGES = 5;

/**
 * Finishes a document at once when another document of the same file is already converted and its
 * page files are still there: copies that document's page metadata, no re-render (pages are stored by
 * hash). Skipped when `converter.enable_convert_repeated_document` is on. Applies only to a document
 * waiting for conversion (status 0, or 1 while a worker holds it). True when the document is now ready.
 */
export async function reuseConvertedPages(deps: ConvertDeps, doc: Pick<DocumentRow, 'id' | 'hash'>): Promise<boolean> {
  const { db, storage, settings } = deps;
  if (await settings.bool('converter', 'enable_convert_repeated_document')) return false;
  const src = await db.selectFrom('documents').selectAll()
    .where('hash', '=', doc.hash).where('id', '!=', doc.id).where('status', '=', Status.converted).where('deleted_at', 'is', null)
    .orderBy('converted_at', 'desc').limit(1).executeTakeFirst();
  if (!src?.pages) return false;
  const firstPage = src.preview_ext === '.svg' ? pageKey(src.hash, 1, src.enable_gzip === 1) : `${hashDir(src.hash)}/1${src.preview_ext}`;
  if (!(await storage.exists(coverKey(src.hash))) || !(await storage.exists(firstPage))) return false;
  const texts = await db.selectFrom('document_pages').select('text').where('hash', '=', doc.hash)
    .orderBy('page').limit(SUMMARY_PAGES).execute();
  const now = nowIso();
  const res = await db.updateTable('documents')
    .set({
      pages: src.pages, preview: src.preview, preview_ext: src.preview_ext, enable_gzip: src.enable_gzip,
      width: src.width, height: src.height, status: Status.converted, converted_at: now, convert_error: '',
      ...released, updated_at: now, description: fillDescription(summarise(texts.map((t) => t.text))),
    })
    .where('id', '=', doc.id).where('deleted_at', 'is', null).where('status', 'in', [Status.pending, Status.converting])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
