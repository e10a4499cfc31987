import { hostname } from 'node:os';
import type { Database } from '../db/db.ts';
import { nowIso } from '../db/dialect.ts';
import { alive } from './job-dir.ts';
import { MAX_ATTEMPTS, Status, noticeFailure, released } from './queue.ts';

export const INTERRUPTED_TOO_OFTEN = '文档转换多次中断（文件可能过大或导致转换程序崩溃），已停止重试';

/** The PID in a lease owner `${hostname}:${pid}:${random}` when the owner is a process of this machine. */
function localPid(owner: string): number | null {
  const [host, pid] = owner.split(':');
  return host === hostname() && Number(pid) > 0 ? Number(pid) : null;
}

/**
 * Jobs that converter processes of this machine held when they died (killed, crashed, machine restarted)
 * go back to the queue now instead of when their lease ends (twice the conversion timeout); one that
 * has been interrupted MAX_ATTEMPTS times fails for good, and its uploader is told so in the same
 * transaction, like any failed conversion. Run when a converter starts. Returns how many.
 */
export async function recoverDeadWorkersJobs(db: Database): Promise<number> {
  const leased = await db
    .selectFrom('documents')
    .select(['id', 'lease_owner', 'convert_attempts'])
    .where('status', '=', Status.Converting)
    .where('lease_owner', '!=', '')
    .execute();
  let recovered = 0;
  for (const job of leased) {
    const pid = localPid(job.lease_owner);
    if (!pid || pid === process.pid || alive(pid)) continue;
    const givenUp = job.convert_attempts >= MAX_ATTEMPTS;
    const back = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('documents')
        .set({
          ...released,
          updated_at: nowIso(),
          ...(givenUp
            ? { status: Status.Failed, convert_error: INTERRUPTED_TOO_OFTEN, convert_attempts: MAX_ATTEMPTS + 1 }
            : { status: Status.Pending }),
        })
        // compare-and-set: another starting converter may recover the same job
        .where('id', '=', job.id)
        .where('status', '=', Status.Converting)
        .where('lease_owner', '=', job.lease_owner)
        .returning(['id', 'user_id', 'title'])
        .executeTakeFirst();
      if (row && givenUp) await noticeFailure(trx, row, INTERRUPTED_TOO_OFTEN);
      return row;
    });
    if (back) recovered++;
  }
  return recovered;
}
