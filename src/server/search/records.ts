import type { Selectable } from 'kysely';
import { deleteInBatches } from '../db/chunks.ts';
import type { Database } from '../db/db.ts';
import { nowIso } from '../db/dialect.ts';
import type { SearchRecordsTable } from '../db/schema.ts';

/** Search records (moredoc SearchRecord): who searched what, with how many results and how fast. */

export const RECORD_TYPE = { document: 0, article: 1 } as const;

/** One search as recorded (`spend_time` in seconds). */
export type SearchRecordInput = Omit<Selectable<SearchRecordsTable>, 'id' | 'created_at' | 'updated_at'>;

/** `security.search_record_retention_days`, read straight from the table (0 = do not record). */
export async function retentionDays(db: Database): Promise<number> {
  const row = await db
    .selectFrom('configs')
    .select('value')
    .where('category', '=', 'security')
    .where('name', '=', 'search_record_retention_days')
    .executeTakeFirst();
  const n = Number.parseInt(row?.value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * Search records written in batches, one insert a second at most: a search's answer waits for no
 * write (each insert is fsynced; with the disk busy that was most of a search's time over HTTP).
 * A record is a log line, not something a reader was promised: moredoc too keeps them in memory
 * and writes them every 10 seconds. flush() writes what is pending (the server calls it on close).
 */
export class SearchLog {
  private pending: SearchRecordInput[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly db: Database;
  private readonly onError: (err: unknown) => void;
  private readonly delayMs: number;

  constructor(db: Database, onError: (err: unknown) => void, delayMs = 1000) {
    this.db = db;
    this.onError = onError;
    this.delayMs = delayMs;
  }

  add(rec: SearchRecordInput, days: number): void {
    if (days <= 0) return;
    this.pending.push(rec);
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs).unref();
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending.splice(0);
    if (batch.length)
      this.writing = this.writing.then(() => writeRecords(this.db, batch)).catch((err: unknown) => this.onError(err));
    return this.writing;
  }
}

async function writeRecords(db: Database, recs: readonly SearchRecordInput[]): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('search_records')
    .values(
      recs.map((rec) => ({
        ...rec,
        keywords: rec.keywords.slice(0, 255),
        user_agent: rec.user_agent.slice(0, 512),
        ip: rec.ip.slice(0, 64),
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/** Deletes records older than the retention; keeps everything when recording is off. Returns the count. */
export async function purgeSearchRecords(db: Database, days?: number): Promise<number> {
  const keep = days ?? (await retentionDays(db));
  if (keep <= 0) return 0;
  const cutoff = new Date(Date.now() - keep * 86_400_000).toISOString();
  // in batches: lowering the retention may leave millions of records to delete at once
  return deleteInBatches(1_000, async (batch) => {
    const res = await db
      .deleteFrom('search_records')
      .where('id', 'in', (eb) => eb.selectFrom('search_records').select('id').where('created_at', '<', cutoff).limit(batch))
      .executeTakeFirst();
    return Number(res.numDeletedRows ?? 0);
  });
}
