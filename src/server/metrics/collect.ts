import { statfs, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { DOCUMENT_STATUS } from '../../domain/status.ts';
import type { AppConfig } from '../config.ts';
import { pgPoolsOf, type Database } from '../db/db.ts';
import type { Metrics } from './metrics.ts';
import { LongTailRepo } from '../site/long-tail.repo.ts';

/** Free bytes of the file system holding `dir` (its nearest existing parent: a folder made on first use); null when unreadable. */
export async function freeBytes(dir: string): Promise<number | null> {
  for (let at = resolve(dir); ; at = dirname(at)) {
    try {
      const s = await statfs(at);
      return s.bavail * s.bsize;
    } catch {
      if (at === dirname(at)) return null;
    }
  }
}

/** The local folder of `STORAGE=local:…`, or null for object storage. */
export const localStorageDir = (config: AppConfig): string | null =>
  config.storage.startsWith('local:') ? config.storage.slice('local:'.length) : null;

/** Documents waiting for a converter and being converted now, across every process sharing the database. */
export async function conversionQueue(db: Database): Promise<{ waiting: number; running: number }> {
  const rows = await db
    .selectFrom('documents')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', [DOCUMENT_STATUS.pending, DOCUMENT_STATUS.reconvert, DOCUMENT_STATUS.converting])
    .where('deleted_at', 'is', null)
    .groupBy('status')
    .execute();
  const n = (s: number) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { waiting: n(DOCUMENT_STATUS.pending) + n(DOCUMENT_STATUS.reconvert), running: n(DOCUMENT_STATUS.converting) };
}

/**
 * The gauges read at each scrape: the conversion queue, free disk of the data and storage folders, the
 * SQLite write-ahead log's size, PostgreSQL's connection pool. The WAL is measured with stat() on its
 * path only: opening and closing any file of the database in this process would drop the process's
 * POSIX locks on it (SQLite's WAL read lock among them).
 */
export function collectState(metrics: Metrics, db: Database, config: AppConfig): void {
  metrics.gauge('wenku_convert_queue_depth', 'Documents waiting to be converted (all converters)', [], async (g) => {
    g.set((await conversionQueue(db)).waiting);
  });
  metrics.gauge('wenku_convert_running', 'Documents being converted now (all converters)', [], async (g) => {
    g.set((await conversionQueue(db)).running);
  });
  const longTail = new LongTailRepo(db);
  metrics.gauge(
    'wenku_site_long_tail_bytes',
    "Bytes on disk of the document pages rendered on a reader's first request (kept under security.long_tail_pages_mb)",
    [],
    async (g) => {
      g.set(await longTail.totalBytes());
    },
  );
  metrics.gauge(
    'wenku_disk_free_bytes',
    'Free bytes on the file system of the data folder and of local storage',
    ['folder'],
    async (g) => {
      const data = await freeBytes(config.dataDir);
      if (data !== null) g.set({ folder: 'data' }, data);
      const dir = localStorageDir(config);
      const storage = dir && (await freeBytes(dir));
      if (typeof storage === 'number') g.set({ folder: 'storage' }, storage);
    },
  );
  if (config.databaseUrl.startsWith('sqlite:')) {
    const wal = `${config.databaseUrl.slice('sqlite:'.length)}-wal`;
    metrics.gauge(
      'wenku_sqlite_wal_bytes',
      "Size of SQLite's write-ahead log (grows when checkpoints cannot keep up)",
      [],
      async (g) => {
        g.set(
          await stat(wal).then(
            (s) => s.size,
            () => 0,
          ),
        );
      },
    );
  }
  const pools = pgPoolsOf(db);
  if (pools) {
    metrics.gauge(
      'wenku_db_pool_connections',
      'PostgreSQL pool connections by pool (main; lookup: reads by keys, db/lookup.ts): total, idle, and requests waiting for one',
      ['pool', 'state'],
      (g) => {
        for (const [name, pool] of pools.opened()) {
          g.set({ pool: name, state: 'total' }, pool.totalCount);
          g.set({ pool: name, state: 'idle' }, pool.idleCount);
          g.set({ pool: name, state: 'waiting' }, pool.waitingCount);
        }
      },
    );
  }
}
