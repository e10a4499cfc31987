// Search benchmark: node scripts/bench-search.ts [--docs 100000] [--queries 200]
// On the generated data set (kept under data/bench/, scripts/bench/prepare.ts): builds the
// full-text index from scratch with the real indexer, then runs queries of 1–3 words through the
// search service (no HTTP) beside the same SQL statement straight on node:sqlite, and over HTTP
// against the server; prints p50/p95 and the table rows (scripts/bench/search.ts).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/db.ts';
import { segmenter } from '../src/server/search/segment.ts';
import { syncIndex } from '../src/server/search/sync.ts';
import { freePort, percentile, START_FLAGS, startNode } from './bench/http.ts';
import { benchDatabase } from './bench/prepare.ts';
import { searchQueries, searchRows, timeHttp, timeIndexBuild, timeQueries } from './bench/search.ts';
import { emit } from './bench/table.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const docs = arg('docs', 100_000);
const count = arg('queries', 200);
const log = (m: string) => console.log(`[search] ${m}`);
const ms = (list: number[], q: number) => `${percentile(list, q).toFixed(1)} ms`;

const url = await benchDatabase('sqlite', docs, log);
const file = url.slice('sqlite:'.length);
const db = openDatabase(url);
segmenter();

// 1. the index, from scratch
log(`建立索引（开始时 1 分钟平均负载 ${loadavg()[0].toFixed(1)}）`);
let shown = 0;
const build = await timeIndexBuild(db, (done, total, s) => {
  if (done - shown >= 10_000 || done === total) {
    shown = done;
    log(`建立索引 ${done}/${total}（${s.toFixed(0)} s）`);
  }
});
log(
  `索引建立用时 ${build.seconds.toFixed(1)} s，CPU ${build.cpuSeconds.toFixed(1)} s，${build.items} 项；数据库文件 ${(statSync(file).size / 2 ** 20).toFixed(0)} MB`,
);
let t0 = performance.now();
await syncIndex(db);
log(`同步检查（无变化）：全量 ${(performance.now() - t0).toFixed(0)} ms`);

// 2. the service and the SQL alone; a first round warms the caches
await timeQueries(db, file, searchQueries(20, 1));
const queries = searchQueries(count);
const q = await timeQueries(db, file, queries);
log(`${count} 次查询（1–3 个词），结果数中位数 ${percentile(q.totals, 50)}，最多 ${Math.max(...q.totals)}`);
log(`搜索服务（含排序、分面、摘要）: p50 ${ms(q.service, 50)}  p95 ${ms(q.service, 95)}`);
log(`同一条 SQL 直接执行:            p50 ${ms(q.sql, 50)}  p95 ${ms(q.sql, 95)}`);
await db.destroy();

// 3. over HTTP: the server as `npm start` runs it (search records included)
const work = mkdtempSync(join(tmpdir(), 'wenku-bench-search-'));
const port = await freePort();
const server = await startNode([...START_FLAGS, 'scripts/bench/serve.ts'], {
  DATABASE_URL: url,
  PORT: String(port),
  DATA_DIR: work,
  WENKU_SITE_DIR: join(work, 'site'),
});
let http: number[] = [];
try {
  const base = `http://127.0.0.1:${port}`;
  // the first searches of a process wait for its first index check; they are not measured
  await timeHttp(base, searchQueries(20, 1));
  t0 = performance.now();
  http = await timeHttp(base, queries);
  log(`HTTP: p50 ${ms(http, 50)}  p95 ${ms(http, 95)}（${((performance.now() - t0) / 1000).toFixed(1)} s）`);
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

for (const row of searchRows(`搜索 ${docs} 篇（SQLite）`, build, q, http)) emit(row);
