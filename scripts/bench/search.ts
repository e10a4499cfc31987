// Search figures for the benchmark table: index build on the generated data set, then queries of
// 1–3 words through the search service (no HTTP) beside the same SQL statement straight on
// node:sqlite, and the same queries over HTTP against the server.
import { DatabaseSync } from 'node:sqlite';
import type { Database } from '../../src/server/db/db.ts';
import { reindexAll } from '../../src/server/search/indexer.ts';
import { searchQuery } from '../../src/server/search/query.ts';
import { searchDocuments } from '../../src/server/search/search.service.ts';
import { documentSpec } from '../../src/server/search/search.specs.ts';
import { parseQuery } from '../../src/server/search/terms.ts';
import { percentile } from './http.ts';
import { random } from './random.ts';
import type { BenchRow } from './table.ts';

/** The site's default `display.max_search_pages`. */
export const MAX_PAGES = 100;

/** `n` queries of 1–3 words drawn like the text, without the 100 most frequent words (的-like words nobody searches for). */
export function searchQueries(n: number, seed = 20_240_502): string[] {
  const r = random(seed);
  return Array.from({ length: n }, () => Array.from({ length: r.int(1, 3) }, () => r.word(100)).join(' '));
}

export interface BuildTime {
  seconds: number;
  cpuSeconds: number;
  items: number;
}

/** The whole index written again from scratch with the real indexer. */
export async function timeIndexBuild(
  db: Database,
  progress?: (done: number, total: number, seconds: number) => void,
): Promise<BuildTime> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const items = await reindexAll(db, (done, total) => progress?.(done, total, (performance.now() - t0) / 1000));
  const cpu = process.cpuUsage(cpu0);
  return { seconds: (performance.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, items };
}

export interface QueryTimes {
  service: number[];
  sql: number[];
  totals: number[];
}

/** Each query through the service, then its statement alone on a connection of its own (ms). */
export async function timeQueries(db: Database, file: string, queries: readonly string[]): Promise<QueryTimes> {
  const raw = new DatabaseSync(file, { readOnly: true });
  const out: QueryTimes = { service: [], sql: [], totals: [] };
  try {
    for (const q of queries) {
      let t0 = performance.now();
      const res = await searchDocuments(db, { wd: q }, { maxPages: MAX_PAGES });
      out.service.push(performance.now() - t0);
      out.totals.push(res.total);
      const compiled = searchQuery(db, documentSpec({ wd: q }, parseQuery(q).terms, 10, 0, MAX_PAGES)).compile(db);
      t0 = performance.now();
      raw.prepare(compiled.sql).all(...(compiled.parameters as never[]));
      out.sql.push(performance.now() - t0);
    }
  } finally {
    raw.close();
  }
  return out;
}

/** The same queries over HTTP, one after another (ms). */
export async function timeHttp(base: string, queries: readonly string[]): Promise<number[]> {
  const times: number[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/document/search?wd=${encodeURIComponent(q)}`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`搜索 ${q} 返回 ${res.status}`);
  }
  return times;
}

const p = percentile;

/** The table rows: service p50 and p95 beside the SQL alone, HTTP p95, index build. */
export function searchRows(group: string, build: BuildTime, q: QueryTimes, http: number[]): BenchRow[] {
  return [
    {
      group,
      figure: `搜索服务 p50（${q.service.length} 次 1–3 词查询，含排序、分面、摘要）`,
      value: p(q.service, 50),
      unit: 'ms',
      higherIsBetter: false,
      anchor: { name: '同一条 SQL 直接执行 p50', value: p(q.sql, 50) },
      goal: { text: '≤ 5 ms', max: 5 },
    },
    {
      group,
      figure: '搜索服务 p95',
      value: p(q.service, 95),
      unit: 'ms',
      higherIsBetter: false,
      anchor: { name: '同一条 SQL 直接执行 p95', value: p(q.sql, 95) },
      goal: { text: '≤ 30 ms', max: 30 },
    },
    {
      group,
      figure: '搜索 HTTP p95（GET /api/v1/document/search）',
      value: p(http, 95),
      unit: 'ms',
      higherIsBetter: false,
      anchor: { name: '同一条 SQL 直接执行 p95', value: p(q.sql, 95) },
      goal: { text: '≤ 35 ms', max: 35 },
    },
    {
      group,
      figure: `建立索引（${build.items} 项，CPU ${build.cpuSeconds.toFixed(0)} s）`,
      value: build.seconds,
      unit: 's',
      higherIsBetter: false,
      goal: { text: '≤ 60 s', max: 60 },
    },
  ];
}
