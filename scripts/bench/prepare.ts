// Benchmark databases are generated once and kept under data/bench/ while the generator and the
// migrations stay the same (a manifest beside them says what they hold).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { migrations, openDatabase } from '../../src/server/db/db.ts';
import { siteBuildToken } from '../../src/server/site/build-token.ts';
import { DOCUMENT_STATUS } from '../../src/domain/status.ts';
import { GENERATOR_VERSION } from './dataset.ts';
import { loadDataset } from './load.ts';

const DIR = resolve('data/bench');

/** The PostgreSQL database of the benchmarks (WENKU_BENCH_DATABASE: another name, so that two runs at once do not share one). */
const PG_NAME = process.env.WENKU_BENCH_DATABASE || 'wenku_bench';

/** The database URL for a benchmark of `docs` documents: a SQLite file, or PG_NAME beside DATABASE_URL's database. */
export async function benchDatabase(dialect: 'sqlite' | 'postgres', docs: number, log: (m: string) => void): Promise<string> {
  mkdirSync(DIR, { recursive: true });
  let url: string;
  if (dialect === 'sqlite') {
    url = `sqlite:${resolve(DIR, `wenku-${docs}.db`)}`;
  } else {
    const base = new URL(process.env.DATABASE_URL!);
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    if (!/^[a-z_][a-z0-9_]*$/.test(PG_NAME)) throw new Error(`WENKU_BENCH_DATABASE 不是有效的数据库名：${PG_NAME}`);
    const exists = await client.query('select 1 from pg_database where datname = $1', [PG_NAME]);
    if (!exists.rowCount) await client.query(`create database ${PG_NAME}`);
    await client.end();
    base.pathname = `/${PG_NAME}`;
    url = base.toString();
  }
  // one PostgreSQL database holds one size at a time: its manifest is named by the database
  const manifest = resolve(DIR, dialect === 'sqlite' ? `sqlite-${docs}.json` : `postgres-${PG_NAME}.json`);
  // a PostgreSQL set is the named database, however it is reached (TCP or the Unix socket): a URL of
  // another form once made a run regenerate the whole set
  const where = dialect === 'sqlite' ? url : `postgres:${PG_NAME}`;
  const want = JSON.stringify({ docs, where, generator: GENERATOR_VERSION, migrations: Object.keys(migrations) });
  const kept =
    existsSync(manifest) && readFileSync(manifest, 'utf8') === want && (dialect === 'postgres' || existsSync(url.slice(7)));
  if (kept) {
    log(`沿用已生成的数据库（${docs} 篇文档）：${url}`);
    return url;
  }
  log(`生成 ${docs} 篇文档的数据库：${url}`);
  const t0 = performance.now();
  await loadDataset({ docs, databaseUrl: url, reset: true, index: false, log });
  log(`生成用时 ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  writeFileSync(manifest, want);
  return url;
}

/** The site build's pass of a bench database: a bench's own build, like the server's renderer, reads every sitemap part. */
export async function benchBuildToken(url: string): Promise<string> {
  const db = openDatabase(url);
  try {
    return await siteBuildToken(db);
  } finally {
    await db.destroy();
  }
}

/** The ids of a bench database's public documents, oldest first. */
export async function benchPublicDocumentIds(url: string): Promise<number[]> {
  const db = openDatabase(url);
  try {
    const rows = await db
      .selectFrom('documents')
      .select('id')
      .where('status', '=', DOCUMENT_STATUS.converted)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  } finally {
    await db.destroy();
  }
}
