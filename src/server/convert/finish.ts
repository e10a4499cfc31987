import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/db.ts';
import { nowIso } from '../db/dialect.ts';
import type { DB, DocumentRow } from '../db/schema.ts';
import { documentsOfFile, leadingTexts, refreshDescriptions } from './description.ts';
import type { ConvertedFile } from './pipeline.ts';
import { mine, released, Status } from './queue.ts';

const ROWS_PER_INSERT = 500;

/**
 * In one transaction: the page texts of the hash, the document's result, the same page metadata on every
 * other document of the file (they share the pages), status 2 on those still waiting for it, and the
 * descriptions the site writes (description.ts) of all of them. False (and nothing written) when the lease
 * was lost meanwhile.
 */
export async function finishConverted(db: Database, doc: DocumentRow, workerId: string, out: ConvertedFile): Promise<boolean> {
  const now = nowIso();
  const meta = {
    pages: out.pages,
    preview: out.preview,
    preview_ext: '.svg',
    enable_gzip: out.gzip ? 1 : 0,
    width: out.width,
    height: out.height,
    updated_at: now,
  };
  // a document cut by a bound (bounds.ts) says so where a failure would give its reason
  const done = { ...meta, ...released, status: Status.Converted, converted_at: now, convert_error: out.notes.join('；') };
  const waiting = new Set(out.recognise);
  const rows = out.texts.map((text, i) => ({ hash: doc.hash, page: i + 1, text, ocr_state: waiting.has(i + 1) ? 1 : 0 }));
  return db.transaction().execute(async (trx) => {
    const before = await documentsOfFile(trx, doc.hash);
    const oldTexts = await leadingTexts(trx, doc.hash);
    const own = await trx.updateTable('documents').set(done).where(mine(doc.id, workerId)).executeTakeFirst();
    if (!Number(own.numUpdatedRows)) return false;
    await trx.deleteFrom('document_pages').where('hash', '=', doc.hash).execute();
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
      await trx
        .insertInto('document_pages')
        .values(rows.slice(i, i + ROWS_PER_INSERT))
        .execute();
    const siblings = (eb: ExpressionBuilder<DB, 'documents'>) =>
      eb.and([eb('hash', '=', doc.hash), eb('id', '!=', doc.id), eb('deleted_at', 'is', null)]);
    await trx.updateTable('documents').set(meta).where(siblings).execute();
    await trx
      .updateTable('documents')
      .set(done)
      .where(siblings)
      .where('status', 'in', [Status.Pending, Status.Converting, Status.Reconvert])
      .execute();
    await refreshDescriptions(trx, before, oldTexts, out.texts);
    return true;
  });
}
