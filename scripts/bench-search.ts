// Search benchmark: node scripts/bench-search.ts [--docs 100000] [--queries 300] [--postgres]
//   [--keep-index] [--copy-dir <dir>] [--seed N] [--against <checkout> [--against-url <database url>] [--against-copy off] [--rounds N]]
// On the generated data set (kept under data/bench/, scripts/bench/prepare.ts): builds the
// full-text index from scratch with the real indexer (--keep-index: only brings it up to date),
// then runs queries drawn the way readers type them (scripts/bench/queries.ts) through the search
// service (no HTTP) beside the statement reading the same query's window straight on the database,
// and other queries drawn the same way over HTTP against the server (each beside its window
// statement): p50, p95, the slowest and the slowest ten with their hit counts.
// --against runs the same HTTP queries against the server of another checkout (an earlier commit)
// on the same database (or --against-url: a copy made for that commit's schema), for a
// before/after in one run; --copy-dir: PostgreSQL's local copy kept in that folder (a later run
// takes it over instead of copying again: 7 minutes at 1,000,000 documents); --rounds N: N rounds
// each, taking turns; --seed N: other queries than the last run's (a run after another on the same
// data then reads pages the last one did not). PostgreSQL: `wenku_bench` beside DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../src/server/db/db.ts';
import { segmenter } from '../src/server/search/segment.ts';
import { facetStore, PG_SETTLE_MS } from '../src/server/search/facet-store.ts';
import { syncIndex } from '../src/server/search/sync.ts';
import { localCopyOf, startLocalCopy } from '../src/server/search/local-copies.ts';
import { freePort, percentile, START_FLAGS, startNode, type Started } from './bench/http.ts';
import { benchDatabase } from './bench/prepare.ts';
import { drawQueries } from './bench/queries.ts';
import {
  httpSummary,
  rawRunner,
  searchRows,
  timeHttp,
  timeIndexBuild,
  timeLocalCopy,
  timeQueries,
  timeWindows,
  type BuildTime,
  type HttpTime,
} from './bench/search.ts';
import { emit } from './bench/table.ts';

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const docs = Number(arg('docs') ?? 100_000);
const count = Number(arg('queries') ?? 300);
const dialect = argv.includes('--postgres') ? 'postgres' : 'sqlite';
const against = arg('against');
const againstUrl = arg('against-url');
// the other server's WENKU_SEARCH_COPY_DIR (`off`: its windows from PostgreSQL's own index)
const againstCopy = arg('against-copy') ?? '';
const name = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
const log = (m: string) => console.log(`[search ${name}] ${m}`);
const ms = (list: number[], q: number) => `${percentile(list, q).toFixed(1)} ms`;
const load = () => `1 分钟平均负载 ${loadavg()[0].toFixed(1)}`;

if (dialect === 'postgres' && !process.env.DATABASE_URL) {
  console.error('PostgreSQL 基准需要 DATABASE_URL');
  process.exit(2);
}
const url = await benchDatabase(dialect, docs, log);
const db = openDatabase(url);
segmenter();

// 1. the index, from scratch (or only brought up to date)
let build: BuildTime | null = null;
if (argv.includes('--keep-index')) {
  const t0 = performance.now();
  await syncIndex(db);
  log(`索引同步 ${((performance.now() - t0) / 1000).toFixed(1)} s（沿用已建立的索引）`);
} else {
  log(`建立索引（${load()}）`);
  let shown = 0;
  build = await timeIndexBuild(db, (done, total, s) => {
    if (done - shown >= 10_000 || done === total) {
      shown = done;
      log(`建立索引 ${done}/${total}（${s.toFixed(0)} s）`);
    }
  });
  log(`索引建立用时 ${build.seconds.toFixed(1)} s，CPU ${build.cpuSeconds.toFixed(1)} s，${build.items} 项`);
}

// 2. the service and the window statement alone; a first round of other queries warms the caches
const warmup = await drawQueries(db, 30, 1);
const seed = Number(arg('seed') ?? 20_261_128);
const queries = await drawQueries(db, count, seed);
// each round over HTTP asks queries of its own, none of them the service round's: a server keeps
// the windows of the last ones (window.ts), and at 1,000,000 documents on PostgreSQL a query the
// service round asked found its documents' rows and pages in memory (HTTP p50 9.8 ms for the
// queries the service had just asked against 13.8 ms for new ones, performance.md, 2026-12-06)
const rounds = Math.max(1, Number(arg('rounds') ?? 1));
const roundQueries: string[][] = [];
for (let r = 0; r < rounds; r++) roundQueries.push(await drawQueries(db, count, seed + 1 + r));
// PostgreSQL: the local copy of the index a server reads its windows from (local-copy.ts), made
// here first (timed); the measured server then takes the file over, as a restarted server does
const keptCopyDir = arg('copy-dir');
const copyDir =
  dialect !== 'postgres' ? '' : keptCopyDir ? resolve(keptCopyDir) : mkdtempSync(join(tmpdir(), 'wenku-bench-copy-'));
const copy = copyDir ? await timeLocalCopy(db, copyDir, log) : undefined;
const raw = await rawRunner(url);
// the facet rows held in memory, as a running server holds them (facet-store.ts)
await facetStore(db).warm();
// as for the servers below: a copy just made reads the change log at every search until it settles
await warmUntilSettled(() => timeQueries(db, raw, warmup));
log(`服务与 SQL（${load()}）`);
const q = await timeQueries(db, raw, queries);
await raw.close();
await localCopyOf(db)?.stop();
log(
  `${count} 次查询（${new Set(queries).size} 个不同），结果数中位数 ${percentile(q.totals, 50)}，最多 ${Math.max(...q.totals)}`,
);
log(
  `搜索服务（总数、分面、高亮、命中页）: p50 ${ms(q.service, 50)}  p95 ${ms(q.service, 95)}  最慢 ${Math.max(...q.service).toFixed(1)} ms`,
);
log(`同一查询的窗口 SQL 直接执行:       p50 ${ms(q.sql, 50)}  p95 ${ms(q.sql, 95)}  最慢 ${Math.max(...q.sql).toFixed(1)} ms`);
await db.destroy();

// 3. over HTTP: the server as `npm start` runs it (search records included), fresh, so that
// no query finds its window kept by the service round above. With --against, the other checkout's
// server runs beside it on the same database and the rounds take turns (--rounds, first this one,
// then the other first): one after the other, the two differed by as much as rounds of one server do.
interface SearchServer {
  label: string;
  base: string;
  server: Started;
  work: string;
  p50s: number[];
}

/** How long a PostgreSQL server may take to make its local copy of the index before it listens. */
const COPY_TIMEOUT_MS = 20 * 60_000;

async function startSearchServer(dir: string, label: string, databaseUrl = url, copyFolder = ''): Promise<SearchServer> {
  const work = mkdtempSync(join(tmpdir(), 'wenku-bench-search-'));
  const port = await freePort();
  const server = await startNode(
    [...START_FLAGS, join(dir, 'scripts/bench/serve.ts')],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: work,
      WENKU_SITE_DIR: join(work, 'site'),
      WENKU_TRUST_PROXY: '127.0.0.1',
      ...(copyFolder ? { WENKU_SEARCH_COPY_DIR: copyFolder } : {}),
    },
    // on PostgreSQL a server without a copy to take over makes one before it listens (serve.ts):
    // 5–7 minutes at 1,000,000 documents
    { timeoutMs: dialect === 'postgres' ? COPY_TIMEOUT_MS : undefined },
  );
  return { label, base: `http://127.0.0.1:${port}`, server, work, p50s: [] };
}

async function measure(s: SearchServer, round: number): Promise<HttpTime[]> {
  log(`${s.label} HTTP 第 ${round + 1} 轮（${load()}）`);
  const cpu0 = s.server.cpuMs();
  const asked = roundQueries[round]!;
  const times = await timeHttp(s.base, asked);
  const cpu = (s.server.cpuMs() - cpu0) / asked.length;
  s.p50s.push(
    percentile(
      times.map((t) => t.ms),
      50,
    ),
  );
  log(`${s.label}\n${httpSummary(times)}\n服务器 CPU 时间（与机器上其他负载无关）：每次查询 ${cpu.toFixed(2)} ms（${load()}）`);
  return times;
}

/**
 * Runs `warm` until a process started now has settled. Its first searches wait for its first index
 * check; on PostgreSQL for its facet rows (loaded after PG_SETTLE_MS, facet-store.ts), and a local
 * copy just taken over reads the change log at every search until then: none of it is measured.
 */
async function warmUntilSettled(warm: () => Promise<unknown>): Promise<void> {
  const until = performance.now() + (dialect === 'postgres' ? PG_SETTLE_MS + 2000 : 0);
  do await warm();
  while (performance.now() < until);
}

const servers: SearchServer[] = [];
let http: HttpTime[] = [];
try {
  servers.push(await startSearchServer('.', '本次代码', url, copyDir));
  if (against) servers.push(await startSearchServer(resolve(against), `对照 ${against}`, againstUrl, againstCopy));
  await warmUntilSettled(async () => {
    for (const s of servers) await timeHttp(s.base, warmup);
  });
  for (let round = 0; round < rounds; round++) {
    for (const s of round % 2 ? [...servers].reverse() : servers) {
      const times = await measure(s, round);
      // the table: this checkout's first round, on a server that has not seen these queries yet
      if (s === servers[0] && round === 0) http = times;
    }
  }
  if (rounds > 1) for (const s of servers) log(`${s.label}：${rounds} 轮 p50 的中位数 ${percentile(s.p50s, 50).toFixed(2)} ms`);
} finally {
  for (const s of servers) {
    await s.server.stop();
    rmSync(s.work, { recursive: true, force: true });
  }
}

/**
 * The anchor of the HTTP rows: the window statements of the table's HTTP queries, timed after the
 * servers stop, so that they read what the servers had brought into memory (an anchor no slower
 * than it would be cold). On PostgreSQL from the local copy, taken over again as the servers did.
 */
async function timeHttpWindows(asked: readonly string[]): Promise<number[]> {
  const again = openDatabase(url);
  try {
    const kept = startLocalCopy(again, copyDir, (err) => log(`本地副本失败：${String(err)}`));
    await kept?.opened;
    const direct = await rawRunner(url);
    try {
      await facetStore(again).warm();
      // as for the servers: timed at once, the window statements took 13.7 ms p50, not 1.5
      await warmUntilSettled(() => timeWindows(again, direct, warmup));
      return await timeWindows(again, direct, asked);
    } finally {
      await direct.close();
      await kept?.stop();
    }
  } finally {
    await again.destroy();
  }
}

const httpSql = await timeHttpWindows(roundQueries[0]!);
log(
  `HTTP 那一轮查询的窗口 SQL 直接执行: p50 ${ms(httpSql, 50)}  p95 ${ms(httpSql, 95)}  最慢 ${Math.max(...httpSql).toFixed(1)} ms`,
);
if (copyDir && !keptCopyDir) rmSync(copyDir, { recursive: true, force: true });
for (const row of searchRows(`搜索 ${docs} 篇（${name}）`, docs, build, q, http, httpSql, copy)) emit(row);
