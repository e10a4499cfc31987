import { nowIso } from '../../db/dialect.ts';
import type { Database } from '../../db/db.ts';
import type { BackupRun } from '../../../contract/backup.ts';

/** The server's backup runs (migration 019). */
export class BackupRunRepo {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async start(kind: BackupRun['kind'], slot = ''): Promise<number> {
    const row = await this.db
      .insertInto('backup_runs')
      .values({ kind, slot, status: 'running', started_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async finish(id: number, outcome: { status: 'ok' | 'failed'; file?: string; bytes?: number; message?: string }): Promise<void> {
    await this.db
      .updateTable('backup_runs')
      .set({
        status: outcome.status,
        file: outcome.file ?? '',
        bytes: outcome.bytes ?? 0,
        message: outcome.message ?? '',
        finished_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
  }

  async last(): Promise<BackupRun | null> {
    const row = await this.db.selectFrom('backup_runs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!row) return null;
    const { slot: _slot, ...run } = row;
    return { ...run, kind: run.kind as BackupRun['kind'], status: run.status as BackupRun['status'], bytes: Number(run.bytes) };
  }

  /** Whether the schedule's run for `slot` was started (by any instance). */
  async slotTaken(slot: string): Promise<boolean> {
    return Boolean(
      await this.db
        .selectFrom('backup_runs')
        .select('id')
        .where('kind', '=', 'schedule')
        .where('slot', '=', slot)
        .executeTakeFirst(),
    );
  }

  /** Runs left 'running' by a process that died: failed, with the reason. */
  async failAbandoned(message: string): Promise<void> {
    await this.db
      .updateTable('backup_runs')
      .set({ status: 'failed', message, finished_at: nowIso() })
      .where('status', '=', 'running')
      .execute();
  }
}
