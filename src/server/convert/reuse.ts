import { nowIso } from '../db/dialect.ts';
import type { DocumentRow } from '../db/schema.ts';
import { coverKey, hashDir, pageKey } from './keys.ts';
import { leadingTexts, refreshDescriptions } from './description.ts';
import type { ConvertDeps } from './pipeline.ts';
import { Status, released } from './queue.ts';
import { SETTINGS } from '../../domain/settings/index.ts';

/**
 * Finishes a document at once when another document of the same file is already converted and its
 * page files are still there: copies that document's page metadata, no re-render (pages are stored by
 * hash). Skipped when `converter.enable_convert_repeated_document` is on. Applies only to a document
 * waiting for conversion (status 0, or 1 while a worker holds it). True when the document is now ready.
 */
export async function reuseConvertedPages(deps: ConvertDeps, doc: Pick<DocumentRow, 'id' | 'hash'>): Promise<boolean> {
  const { db, storage, settings } = deps;
  if (await settings.get(SETTINGS.converter.enable_convert_repeated_document)) return false;
  const src = await db
    .selectFrom('documents')
    .selectAll()
    .where('hash', '=', doc.hash)
    .where('id', '!=', doc.id)
    .where('status', '=', Status.Converted)
    .where('deleted_at', 'is', null)
    .orderBy('converted_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!src?.pages) return false;
  const firstPage =
    src.preview_ext === '.svg' ? pageKey(src.hash, 1, src.enable_gzip === 1) : `${hashDir(src.hash)}/1${src.preview_ext}`;
  if (!(await storage.exists(coverKey(src.hash))) || !(await storage.exists(firstPage))) return false;
  const finish = async (trx: typeof db): Promise<boolean> => {
    const before = await trx
      .selectFrom('documents')
      .select(['id', 'price', 'preview', 'description'])
      .where('id', '=', doc.id)
      .execute();
    const now = nowIso();
    const res = await trx
      .updateTable('documents')
      .set({
        pages: src.pages,
        preview: src.preview,
        preview_ext: src.preview_ext,
        enable_gzip: src.enable_gzip,
        width: src.width,
        height: src.height,
        status: Status.Converted,
        converted_at: now,
        convert_error: src.convert_error,
        ...released,
        updated_at: now,
      })
      .where('id', '=', doc.id)
      .where('deleted_at', 'is', null)
      .where('status', 'in', [Status.Pending, Status.Converting])
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) return false;
    const texts = await leadingTexts(trx, doc.hash);
    await refreshDescriptions(trx, before, texts, texts);
    return true;
  };
  // callers that publish or approve run it inside their own transaction
  return db.isTransaction ? finish(db) : db.transaction().execute(finish);
}
