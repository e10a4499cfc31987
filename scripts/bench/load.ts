// Creates a database the server starts on (the normal bootstrap: migrations and seed) and fills
// it with the generated data set; optionally builds the full-text index with the real indexer.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { bootstrap } from '../../src/server/bootstrap.ts';
import { loadConfig } from '../../src/server/config.ts';
import { reindexAll } from '../../src/server/search/indexer.ts';
import { generateDataset, type DatasetSummary } from './dataset.ts';

/** The admin password of generated databases (the benchmark logs in with it). */
export const BENCH_ADMIN_PASSWORD = 'bench-admin-1';

export interface LoadOptions {
  docs: number;
  /** `sqlite:<file>` or a postgres:// URL */
  databaseUrl: string;
  /** start from an empty database: removes the SQLite file, or drops the PostgreSQL schema `public` */
  reset: boolean;
  /** also build the full-text index (minutes at 100,000 documents) */
  index: boolean;
  log: (msg: string) => void;
}

export async function loadDataset(o: LoadOptions): Promise<DatasetSummary> {
  const postgres = !o.databaseUrl.startsWith('sqlite:');
  if (o.reset && !postgres) {
    const file = o.databaseUrl.slice('sqlite:'.length);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
    mkdirSync(dirname(file), { recursive: true });
  } else if (o.reset) {
    const client = new pg.Client({ connectionString: o.databaseUrl });
    await client.connect();
    await client.query('drop schema if exists public cascade; create schema public');
    await client.end();
  }
  const config = loadConfig({
    DATABASE_URL: o.databaseUrl,
    DATA_DIR: join(tmpdir(), 'wenku-bench-data'),
    WENKU_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    WENKU_SITE_REBUILD: '0',
    WENKU_LOG: 'silent',
  });
  const { app, ctx } = await bootstrap(config);
  try {
    const { n } = await ctx.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) throw new Error(`数据库里已经有 ${n} 篇文档；加 --reset 清空后重新生成`);
    const summary = await generateDataset(ctx.db, { docs: o.docs, log: o.log });
    if (o.index) {
      const t0 = performance.now();
      await reindexAll(ctx.db, (done, total) => {
        if (done % 10_000 === 0 || done === total)
          o.log(`索引 ${done}/${total}（${((performance.now() - t0) / 1000).toFixed(0)} s）`);
      });
    }
    if (!postgres) await sql`pragma wal_checkpoint(truncate)`.execute(ctx.db);
    return summary;
  } finally {
    await app.close();
  }
}

export const sqliteExists = (url: string): boolean => url.startsWith('sqlite:') && existsSync(url.slice('sqlite:'.length));
