import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Transaction } from 'kysely';
import { chunks } from '../db/chunks.ts';
import type { Database } from '../db/db.ts';
import type { DB } from '../db/schema.ts';

/** Rows written or read in one statement at most (SQLite's bound parameters, PostgreSQL's plan size). */
const CHUNK = 500;
/**
 * Paths of a read flush per statement, each its own commit with a turn of the event loop after it:
 * 100,000 reads flushed in one transaction held the server's event loop (SQLite) for 0.85–1.1 s
 * (docs/incremental-site.md "The long tail").
 */
const READ_CHUNK = 250;
/** Paths sorted at a time: sorting all 100,000 at once held the event loop for 30–50 ms. */
const SORT_BLOCK = 10_000;

type Tx = Transaction<DB>;

/** Bytes recorded for these paths now (inside the writing transaction). */
async function bytesOf(trx: Tx, paths: readonly string[]): Promise<number> {
  const row = await trx
    .selectFrom('long_tail_pages')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), sql<number>`0`).as('total'))
    .where('path', 'in', paths)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Moves the kept total (long_tail_bytes) by `delta`, in the transaction that changed the rows. */
async function addToTotal(trx: Tx, delta: number): Promise<void> {
  if (delta)
    await trx
      .updateTable('long_tail_bytes')
      .set({ bytes: sql<number>`bytes + ${delta}` })
      .where('id', '=', 1)
      .execute();
}

/**
 * The long-tail document pages on disk (migration 035): their size and when a reader last got each,
 * and their total, kept in the same transaction as the rows (reading it is one row at any size).
 */
export class LongTailRepo {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Records rendered pages with their size; a page recorded before keeps its later read time. */
  async rendered(pages: ReadonlyArray<{ path: string; bytes: number }>, now: number): Promise<void> {
    if (!pages.length) return;
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(pages, CHUNK)) {
        const before = await bytesOf(
          trx,
          part.map((p) => p.path),
        );
        await trx
          .insertInto('long_tail_pages')
          .values(part.map((p) => ({ path: p.path, bytes: p.bytes, read_at: now })))
          .onConflict((oc) => oc.column('path').doUpdateSet({ bytes: (eb) => eb.ref('excluded.bytes') }))
          .execute();
        await addToTotal(trx, part.reduce((sum, p) => sum + p.bytes, 0) - before);
      }
    });
  }

  /** Which of these paths are recorded. */
  async known(paths: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (const part of chunks(paths, CHUNK)) {
      const rows = await this.db.selectFrom('long_tail_pages').select('path').where('path', 'in', part).execute();
      for (const r of rows) out.add(r.path);
    }
    return out;
  }

  /**
   * Readers got these pages since the last call: those last read at `staleAt` or earlier are marked read `now`.
   * Paths not recorded are pre-rendered pages and stay unrecorded.
   */
  async read(paths: readonly string[], now: number, staleAt: number): Promise<void> {
    for (const block of chunks(paths, SORT_BLOCK)) {
      // in key order, each commit dirties neighbouring index pages: half the time of random order
      for (const part of chunks(block.sort(), READ_CHUNK)) {
        await this.db
          .updateTable('long_tail_pages')
          .set({ read_at: now })
          .where('path', 'in', part)
          .where('read_at', '<=', staleAt)
          .execute();
        await nextTurn();
      }
    }
  }

  /** Bytes of every recorded page. */
  async totalBytes(): Promise<number> {
    const row = await this.db.selectFrom('long_tail_bytes').select('bytes').where('id', '=', 1).executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  /** The `limit` least recently read pages. */
  leastRead(limit: number): Promise<Array<{ path: string; bytes: number }>> {
    return this.db
      .selectFrom('long_tail_pages')
      .select(['path', 'bytes'])
      .orderBy('read_at')
      .orderBy('path')
      .limit(limit)
      .execute();
  }

  async remove(paths: readonly string[]): Promise<void> {
    if (!paths.length) return;
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(paths, CHUNK)) {
        const before = await bytesOf(trx, part);
        await trx.deleteFrom('long_tail_pages').where('path', 'in', part).execute();
        await addToTotal(trx, -before);
      }
    });
  }

  /** Up to `limit` recorded paths after `after`, in path order (a sweep over every row, a batch at a time). */
  async pathsAfter(after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('long_tail_pages')
      .select('path')
      .where('path', '>', after)
      .orderBy('path')
      .limit(limit)
      .execute();
    return rows.map((r) => r.path);
  }
}
