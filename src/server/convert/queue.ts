import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/db.ts';
import { dialectOf, nowIso } from '../db/dialect.ts';
import type { DB, DocumentRow } from '../db/schema.ts';
import { DOCUMENT_STATUS } from '../../domain/status.ts';
import { NotificationRepo } from '../modules/notification/notification.repo.ts';
import { memberReason } from './member-reason.ts';

/** The document statuses (src/domain) the converter moves between: 0/5 → 1 → 2/3. */
export const Status = {
  Pending: DOCUMENT_STATUS.pending,
  Converting: DOCUMENT_STATUS.converting,
  Converted: DOCUMENT_STATUS.converted,
  Failed: DOCUMENT_STATUS.failed,
  Reconvert: DOCUMENT_STATUS.reconvert,
} as const;

/**
 * A job whose worker vanished this many times is given up: the file probably kills the converter.
 * `convert_attempts` above it also marks a document refused for safety (ConvertRefused).
 */
export const MAX_ATTEMPTS = 3;

export interface Claimed {
  doc: DocumentRow;
  /** 0 pending, 5 reconvert, or 1 when a crashed worker's lease had expired */
  previousStatus: number;
}

const leaseExpired = (eb: ExpressionBuilder<DB, 'documents'>, now: string) =>
  eb.and([eb('status', '=', Status.Converting), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)])]);

/** Another document of the same file that a worker is converting right now (a subquery of a `documents` select). */
const busyTwin = (eb: ExpressionBuilder<DB, 'documents'>, now: string) =>
  eb
    .selectFrom('documents as busy')
    .select('busy.id')
    .whereRef('busy.hash', '=', 'documents.hash')
    .whereRef('busy.id', '!=', 'documents.id')
    .where('busy.status', '=', Status.Converting)
    .where('busy.lease_until', '>=', now);

// Waiting documents, except those with a busy twin: that worker's finish makes them ready too, so
// converting the same file twice at once would be wasted work.
const claimable = (now: string) => (eb: ExpressionBuilder<DB, 'documents'>) =>
  eb.and([
    eb('deleted_at', 'is', null),
    eb.or([eb('status', 'in', [Status.Pending, Status.Reconvert]), leaseExpired(eb, now)]),
    eb.not(eb.exists(busyTwin(eb, now))),
  ]);

const MAX_CLAIM_TRIES = 5;

/**
 * Takes the oldest waiting document (pending, reconvert, or converting with an expired lease), of at
 * most `maxSize` bytes when given (the quick lane of worker.ts), and leases it to `workerId`.
 * PostgreSQL: `FOR UPDATE SKIP LOCKED`, so workers never wait on each other. SQLite serialises
 * writers, and the UPDATE re-checks the row's status (compare-and-set), so two processes can never
 * both win; the loser tries the next row. Both keep the previous status (reconvert skips dedupe).
 */
export async function claimNext(db: Database, workerId: string, leaseMs: number, maxSize?: number): Promise<Claimed | null> {
  const now = nowIso();
  const sized = (eb: ExpressionBuilder<DB, 'documents'>) =>
    maxSize === undefined ? eb.and([claimable(now)(eb)]) : eb.and([claimable(now)(eb), eb('size', '<=', maxSize)]);
  const lease = {
    status: Status.Converting,
    lease_owner: workerId,
    lease_until: new Date(Date.now() + leaseMs).toISOString(),
    convert_attempts: (eb: ExpressionBuilder<DB, 'documents'>) => eb('convert_attempts', '+', 1),
    updated_at: now,
  };
  if (dialectOf(db) === 'postgres') {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('documents')
        .select(['id', 'status'])
        .where(sized)
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return null;
      const doc = await trx.updateTable('documents').set(lease).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
      return { doc, previousStatus: row.status };
    });
  }
  for (let i = 0; i < MAX_CLAIM_TRIES; i++) {
    const row = await db.selectFrom('documents').select(['id', 'status']).where(sized).orderBy('id').limit(1).executeTakeFirst();
    if (!row) return null;
    const doc = await db
      .updateTable('documents')
      .set(lease)
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .where(sized)
      .returningAll()
      .executeTakeFirst();
    if (doc) return { doc, previousStatus: row.status };
  }
  return null;
}

export const released = { lease_owner: '', lease_until: null };
/** The job `id` while `workerId` holds its lease. */
export const mine = (id: number, workerId: string) => (eb: ExpressionBuilder<DB, 'documents'>) =>
  eb.and([eb('id', '=', id), eb('status', '=', Status.Converting), eb('lease_owner', '=', workerId)]);

/** Extends the lease while converting; false when the job is no longer ours. */
export async function renewLease(db: Database, id: number, workerId: string, leaseMs: number): Promise<boolean> {
  const res = await db
    .updateTable('documents')
    .set({ lease_until: new Date(Date.now() + leaseMs).toISOString() })
    .where(mine(id, workerId))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Gives an unfinished job back to the queue (the worker is stopping); the attempt does not count. */
export async function releaseClaim(db: Database, id: number, workerId: string, previousStatus: number): Promise<void> {
  await db
    .updateTable('documents')
    .set((eb) => ({
      ...released,
      status: previousStatus === Status.Reconvert ? Status.Reconvert : Status.Pending,
      convert_attempts: eb('convert_attempts', '-', 1),
      updated_at: nowIso(),
    }))
    .where(mine(id, workerId))
    .execute();
}

/**
 * Fails the job; `refused` (unsafe to convert) keeps it out of “reconvert all failed”. The uploader
 * is told in the same transaction (noticeFailure).
 */
export async function failConversion(db: Database, id: number, workerId: string, reason: string, refused = false): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable('documents')
      .set({
        ...released,
        status: Status.Failed,
        convert_error: reason,
        updated_at: nowIso(),
        ...(refused ? { convert_attempts: MAX_ATTEMPTS + 1 } : {}),
      })
      .where(mine(id, workerId))
      .returning(['user_id', 'title'])
      .executeTakeFirst();
    if (failed) await noticeFailure(trx, { id, ...failed }, reason);
  });
}

/**
 * Tells the uploader, in the caller's transaction, that his document could not be converted: in plain
 * words with what to do (member-reason.ts) — once per reason while the notice is unread, so a retried
 * conversion failing alike does not repeat it.
 */
export async function noticeFailure(
  trx: Database,
  doc: { id: number; user_id: number; title: string },
  reason: string,
): Promise<void> {
  const notice = {
    userId: doc.user_id,
    kind: 'convert' as const,
    targetId: doc.id,
    title: `您的文档《${doc.title}》未能转换为在线预览`,
    content: memberReason(reason),
  };
  const notices = new NotificationRepo(trx);
  if (!(await notices.hasUnread(notice))) await notices.notify([notice]);
}

const reconvert = { ...released, status: Status.Reconvert, convert_error: '', convert_attempts: 0 };

/** Queues documents for conversion again (status 5: even when a same-file document is converted). */
export async function markForReconvert(db: Database, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const res = await db
    .updateTable('documents')
    .set({ ...reconvert, updated_at: nowIso() })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .where('status', 'in', [Status.Pending, Status.Converting, Status.Converted, Status.Failed, Status.Reconvert])
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Every failed document back to the queue, except those refused for safety (a zip bomb, over the limits,
 * crashed the converter repeatedly): one of them would hold a converter again. They go back by id only.
 */
export async function reconvertAllFailed(db: Database): Promise<number> {
  const res = await db
    .updateTable('documents')
    .set({ ...reconvert, updated_at: nowIso() })
    .where('status', '=', Status.Failed)
    .where('deleted_at', 'is', null)
    .where('convert_attempts', '<=', MAX_ATTEMPTS)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
