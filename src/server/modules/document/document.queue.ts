import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';
import { STATUS } from './document.status.ts';

/*
 * The document side of the conversion queue: statuses 0 and 5 are picked up by the converter.
 * Kept minimal and in SQL here so that documents work before (and without) a converter process.
 */

/**
 * When another document with the same file is already converted, copies its page metadata to
 * `doc` and marks it converted (status 2); pages, cover and text are shared by hash. Returns whether it did.
 */
export async function reuseConvertedPages(db: Kysely<DB>, doc: { id: number; hash: string }): Promise<boolean> {
  const src = await db
    .selectFrom('documents')
    .select(['pages', 'preview', 'preview_ext', 'width', 'height', 'enable_gzip', 'description', 'converted_at'])
    .where('hash', '=', doc.hash)
    .where('status', '=', STATUS.converted)
    .where('id', '!=', doc.id)
    .where('pages', '>', 0)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!src) return false;
  const { description, ...pages } = src;
  await db
    .updateTable('documents')
    .set((eb) => ({
      ...pages,
      status: STATUS.converted,
      convert_error: '',
      description: eb.case().when('description', '=', '').then(description).else(eb.ref('description')).end(),
      converted_at: src.converted_at ?? nowIso(),
      updated_at: nowIso(),
    }))
    .where('id', '=', doc.id)
    .execute();
  return true;
}

const requeue = { status: STATUS.reconvert, convert_error: '', convert_attempts: 0, lease_owner: '', lease_until: null } as const;

/** Queues these documents for a fresh conversion (status 5); the caller checked their statuses. */
export async function markForReconvert(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('documents').set({ ...requeue, updated_at: nowIso() }).where('id', 'in', ids).execute();
}

/** Queues every failed live document again; returns how many. */
export async function reconvertAllFailed(db: Kysely<DB>): Promise<number> {
  const res = await db
    .updateTable('documents')
    .set({ ...requeue, updated_at: nowIso() })
    .where('status', '=', STATUS.failed)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
