// Search figures for the benchmark table: index build on the generated data set, then queries
// drawn the way readers type them (queries.ts) through the search service (no HTTP) beside the
// same window statement straight on the database, and other queries drawn the same way over HTTP
// against the server, each beside its window statement.
import { existsSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Database } from '../../src/server/db/db.ts';
import { reindexAll } from '../../src/server/search/indexer.ts';
import { startLocalCopy } from '../../src/server/search/local-copies.ts';
import { searchDocuments } from '../../src/server/search/search.service.ts';
import { documentSpec } from '../../src/server/search/search.specs.ts';
import { parseQuery } from '../../src/server/search/terms.ts';
import { windowRead } from '../../src/server/search/window.ts';
import type { Execute } from '../../src/server/search/backend.ts';
import { get, percentile } from './http.ts';
import type { BenchRow } from './table.ts';

/** The site's default `display.max_search_pages`. */
export const MAX_PAGES = 100;

export interface BuildTime {
  seconds: number;
  cpuSeconds: number;
  items: number;
  /** after the last item was written: the database's own index build or merge (GIN, FTS5 optimize) */
  databaseSeconds: number;
}

/** The whole index written again from scratch with the real indexer. */
export async function timeIndexBuild(
  db: Database,
  progress?: (done: number, total: number, seconds: number) => void,
): Promise<BuildTime> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let written = t0;
  const items = await reindexAll(db, (done, total) => {
    written = performance.now();
    progress?.(done, total, (written - t0) / 1000);
  });
  const cpu = process.cpuUsage(cpu0);
  const end = performance.now();
  return {
    seconds: (end - t0) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    items,
    databaseSeconds: (end - written) / 1000,
  };
}

/** The first copy of the index into `dir` (PostgreSQL), left registered for `db` (local-copy.ts). */
export async function timeLocalCopy(db: Database, dir: string, log: (m: string) => void): Promise<LocalCopyTime> {
  const t0 = performance.now();
  const copy = startLocalCopy(db, dir, (err) => log(`本地副本失败：${String(err)}`));
  await copy?.opened;
  if (!copy?.usable || !copy.path) throw new Error('搜索索引的本地副本没有建成');
  const seconds = (performance.now() - t0) / 1000;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from search_items`.execute(db);
  const bytes = [copy.path, `${copy.path}-wal`].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);
  log(`搜索索引的本地副本：${rows[0]?.n ?? 0} 项，${seconds.toFixed(1)} s，${(bytes / 2 ** 20).toFixed(0)} MB`);
  return { seconds, items: rows[0]?.n ?? 0, megabytes: bytes / 2 ** 20 };
}

export interface QueryTimes {
  service: number[];
  sql: number[];
  totals: number[];
}

/** Runs compiled statements straight on the database: node:sqlite, or a pg client of its own. */
export interface RawRunner {
  exec: Execute;
  close(): Promise<void>;
}

export async function rawRunner(url: string): Promise<RawRunner> {
  if (url.startsWith('sqlite:')) {
    const raw = new DatabaseSync(url.slice('sqlite:'.length), { readOnly: true });
    return {
      exec: async <R>(c: CompiledQuery) => raw.prepare(c.sql).all(...(c.parameters as never[])) as R[],
      close: async () => raw.close(),
    };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // one statement at a time on the one connection, as pg did by queueing them itself (which pg
  // deprecates): a window's tiers, asked at once by the service, run one after another here
  let last: Promise<unknown> = Promise.resolve();
  return {
    exec: <R>(c: CompiledQuery) => {
      const run = last.then(async () => (await client.query(c.sql, c.parameters as unknown[])).rows as R[]);
      last = run.catch(() => undefined);
      return run;
    },
    close: () => client.end(),
  };
}

/**
 * Each query through the service, then the statements that read its window (timeWindow) alone on
 * a connection of its own (ms).
 */
export async function timeQueries(db: Database, raw: RawRunner, queries: readonly string[]): Promise<QueryTimes> {
  const out: QueryTimes = { service: [], sql: [], totals: [] };
  for (const q of queries) {
    const t0 = performance.now();
    const res = await searchDocuments(db, { wd: q }, { maxPages: MAX_PAGES });
    out.service.push(performance.now() - t0);
    out.totals.push(res.total);
    out.sql.push(await timeWindow(db, raw, q));
  }
  return out;
}

/** The window statements of each query alone (timeWindow), in ms. */
export async function timeWindows(db: Database, raw: RawRunner, queries: readonly string[]): Promise<number[]> {
  const out: number[] = [];
  for (const q of queries) out.push(await timeWindow(db, raw, q));
  return out;
}

/**
 * The statements that read a query's window: what a search asks of the database when nothing is
 * kept, built by the same code (on PostgreSQL from the process's local copy when one is open).
 */
async function timeWindow(db: Database, raw: RawRunner, query: string): Promise<number> {
  const spec = documentSpec({ wd: query }, parseQuery(query).terms, 10, 0, MAX_PAGES);
  const read = windowRead(db, spec, spec.terms, false);
  const t0 = performance.now();
  await read.run(raw.exec);
  return performance.now() - t0;
}

export interface HttpTime {
  query: string;
  ms: number;
  total: number;
  /** the query was asked before in this run */
  repeat: boolean;
}

/**
 * The same queries over HTTP, one after another, each from a client address of its own (the server
 * trusts the bench's X-Forwarded-For: a search is limited to 300 a minute per address).
 */
export async function timeHttp(base: string, queries: readonly string[]): Promise<HttpTime[]> {
  const out: HttpTime[] = [];
  const seen = new Set<string>();
  for (const [i, q] of queries.entries()) {
    const t0 = performance.now();
    const res = await get(`${base}/api/v1/document/search?wd=${encodeURIComponent(q)}`, {
      'x-forwarded-for': `127.1.${i >> 8}.${i & 255}`,
    });
    const ms = performance.now() - t0;
    const body = JSON.parse(res.body) as { total?: number; document?: unknown[] };
    out.push({ query: q, ms, total: body.total ?? 0, repeat: seen.has(q) });
    seen.add(q);
    if (res.status !== 200) throw new Error(`搜索 ${q} 返回 ${res.status}`);
  }
  return out;
}

const p = percentile;
const ms = (list: number[], q: number) => `${p(list, q).toFixed(1)} ms`;

/** p50, p95, max of some HTTP times, and the slowest ten with their hit counts. */
export function httpSummary(times: readonly HttpTime[]): string {
  const all = times.map((t) => t.ms);
  const first = times.filter((t) => !t.repeat).map((t) => t.ms);
  const slow = [...times].sort((a, b) => b.ms - a.ms).slice(0, 10);
  return [
    `HTTP 全部 ${all.length} 次：p50 ${ms(all, 50)}  p95 ${ms(all, 95)}  最慢 ${Math.max(...all).toFixed(1)} ms`,
    `HTTP 首次出现的 ${first.length} 个查询：p50 ${ms(first, 50)}  p95 ${ms(first, 95)}  最慢 ${Math.max(...first).toFixed(1)} ms`,
    '最慢的 10 次：',
    ...slow.map((t) => `  ${t.ms.toFixed(1)} ms  「${t.query}」 ${t.total} 个结果${t.repeat ? '（重复）' : ''}`),
  ].join('\n');
}

/** 60 s of index build per 100,000 documents. */
function buildGoal(docs: number): BenchRow['goal'] {
  const seconds = Math.max(60, (60 * docs) / 100_000);
  return { text: seconds >= 120 ? `≤ ${seconds / 60} 分钟` : `≤ ${seconds} s`, max: seconds };
}

/** The table rows: service p50/p95 beside the window statement alone, HTTP p50/p95/max, index build. */
export function searchRows(
  group: string,
  docs: number,
  build: BuildTime | null,
  q: QueryTimes,
  http: readonly HttpTime[],
  httpSql: number[],
  copy?: LocalCopyTime,
): BenchRow[] {
  const times = http.map((t) => t.ms);
  const anchorOf = (sqlTimes: number[]) => (n: number) => ({
    name: `同一查询的窗口 SQL 直接执行 p${n}`,
    value: p(sqlTimes, n),
  });
  const anchor = anchorOf(q.sql);
  const httpAnchor = anchorOf(httpSql);
  const rows: BenchRow[] = [
    {
      group,
      figure: `搜索服务 p50（${q.service.length} 次按读者输入抽取的查询，含总数、分面、高亮、命中页）`,
      value: p(q.service, 50),
      unit: 'ms',
      higherIsBetter: false,
      anchor: anchor(50),
      goal: { text: '≤ 5 ms', max: 5 },
    },
    {
      group,
      figure: '搜索 HTTP p50（GET /api/v1/document/search）',
      value: p(times, 50),
      unit: 'ms',
      higherIsBetter: false,
      anchor: httpAnchor(50),
      goal: { text: '≤ 5 ms', max: 5 },
    },
    {
      group,
      figure: '搜索 HTTP p95',
      value: p(times, 95),
      unit: 'ms',
      higherIsBetter: false,
      anchor: httpAnchor(95),
      goal: { text: '≤ 20 ms', max: 20 },
    },
    {
      group,
      figure: '搜索 HTTP 最慢',
      value: Math.max(...times),
      unit: 'ms',
      higherIsBetter: false,
      anchor: { name: '同一查询的窗口 SQL 直接执行 最慢', value: Math.max(...httpSql) },
      goal: { text: '≤ 50 ms', max: 50 },
    },
  ];
  if (build)
    rows.push({
      group,
      figure: `建立索引（${build.items} 项，CPU ${build.cpuSeconds.toFixed(0)} s）`,
      value: build.seconds,
      unit: 's',
      higherIsBetter: false,
      anchor: { name: '其中写完之后数据库自己建索引、合并的时间', value: build.databaseSeconds },
      // the goals: 60 s at 100,000 documents, 10 minutes at 1,000,000
      goal: buildGoal(docs),
    });
  if (copy)
    rows.push({
      group,
      figure: `搜索索引的本地副本（PostgreSQL 服务器各一份）：首次复制 ${copy.items} 项，${copy.megabytes.toFixed(0)} MB`,
      value: copy.seconds,
      unit: 's',
      higherIsBetter: false,
      ...(build ? { anchor: { name: '同一次运行的建立索引', value: build.seconds } } : {}),
      // a new server is not searched through its copy before it is made: held to the build's goal
      goal: buildGoal(docs),
    });
  return rows;
}

/** The first copy of the index to a server's local disk (PostgreSQL, local-copy.ts). */
export interface LocalCopyTime {
  seconds: number;
  items: number;
  megabytes: number;
}
