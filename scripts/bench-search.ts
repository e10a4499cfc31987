// Search benchmark: ./node_modules/.bin/node scripts/bench-search.ts [--docs 100000] [--queries 200] [--keep]
// Generates N documents with the benchmark data set (scripts/bench/dataset.ts) in a temporary
// SQLite database, indexes them with the real indexer, then runs queries of 1–3 words through the
// search service (no HTTP) and the same SQL statement straight on node:sqlite; prints p50/p95.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openDatabase } from '../src/server/db/db.ts';
import { reindexAll } from '../src/server/search/indexer.ts';
import { searchQuery } from '../src/server/search/query.ts';
import { searchDocuments } from '../src/server/search/search.service.ts';
import { documentSpec } from '../src/server/search/search.specs.ts';
import { parseQuery } from '../src/server/search/terms.ts';
import { segmenter } from '../src/server/search/segment.ts';
import { quickSync, syncIndex } from '../src/server/search/sync.ts';
import { loadDataset } from './bench/load.ts';
import { random } from './bench/random.ts';
import { emit } from './bench/table.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DOCS = arg('docs', 100_000);
const QUERIES = arg('queries', 200);
const keep = process.argv.includes('--keep');

const r = random(20_240_502);
const dir = mkdtempSync(join(tmpdir(), 'wenku-bench-'));
const file = join(dir, 'bench.db');
segmenter();

// 1. the benchmark data set (scripts/bench/dataset.ts), on the normal bootstrap
let t0 = performance.now();
await loadDataset({ docs: DOCS, databaseUrl: `sqlite:${file}`, reset: true, index: false, log: (m) => process.stdout.write(`\r${m}`) });
const db = openDatabase(`sqlite:${file}`);
const raw = new DatabaseSync(file);
const chars = (raw.prepare('select sum(length(text)) as n from document_pages').get() as { n: number }).n;
console.log(`\r生成 ${DOCS} 篇文档（页面文字共 ${(chars / 1e6).toFixed(1)} M 字）用时 ${((performance.now() - t0) / 1000).toFixed(1)} s；数据库 ${file}`);

// 2. index build with the real indexer
t0 = performance.now();
const cpu0 = process.cpuUsage();
let lastShown = 0;
await reindexAll(db, (done, total) => {
  if (done - lastShown >= 5000 || done === total) {
    lastShown = done;
    const s = (performance.now() - t0) / 1000;
    process.stdout.write(`\r建立索引 ${done}/${total}（${s.toFixed(0)} s，${Math.round(done / s)} 篇/s）`);
  }
});
const buildSeconds = (performance.now() - t0) / 1000;
const cpu1 = process.cpuUsage(cpu0);
console.log(`\n建立索引 CPU ${((cpu1.user + cpu1.system) / 1e6).toFixed(1)} s`);
const entries = (raw.prepare('select count(*) as n from search_entries').get() as { n: number }).n;
console.log(`\n索引建立用时 ${buildSeconds.toFixed(1)} s（${entries} 条索引项）`);
t0 = performance.now();
await syncIndex(db);
console.log(`同步检查（无变化）：全量 ${(performance.now() - t0).toFixed(0)} ms`);
t0 = performance.now();
await quickSync(db, new Date(Date.now() - 60_000).toISOString());
console.log(`同步检查（无变化）：搜索前的快速检查 ${(performance.now() - t0).toFixed(1)} ms`);

// 3. queries: the service (no HTTP, no sync) and the same statement directly on node:sqlite
// query words: drawn like text words, minus the 100 most frequent (的-like words nobody searches for)
const queries = Array.from({ length: QUERIES }, () => Array.from({ length: r.int(1, 3) }, () => r.word(100)).join(' '));
const service: number[] = [];
const direct: number[] = [];
const totals: number[] = [];
for (const [i, q] of queries.entries()) {
  let s = performance.now();
  const out = await searchDocuments(db, { wd: q }, { maxPages: 100, noSync: true });
  service.push(performance.now() - s);
  totals.push(out.total);
  const compiled = searchQuery(db, documentSpec({ wd: q }, parseQuery(q).terms, 10, 0, 100)).compile(db);
  s = performance.now();
  raw.prepare(compiled.sql).all(...(compiled.parameters as never[]));
  direct.push(performance.now() - s);
  if ((i + 1) % 50 === 0) process.stdout.write(`\r查询 ${i + 1}/${QUERIES}`);
}
const pct = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(`\r${QUERIES} 次查询（1–3 个词），结果数中位数 ${pct(totals, 50)}，最多 ${Math.max(...totals)}`);
console.log(`  搜索服务（含排序、分面、摘要）: p50 ${ms(pct(service, 50))}  p95 ${ms(pct(service, 95))}  最慢 ${ms(Math.max(...service))}`);
console.log(`  同一条 SQL 直接执行:            p50 ${ms(pct(direct, 50))}  p95 ${ms(pct(direct, 95))}  最慢 ${ms(Math.max(...direct))}`);
console.log(`  索引建立: ${buildSeconds.toFixed(1)} s（${DOCS} 篇文档）；数据库文件 ${(statSync(file).size / 1048576).toFixed(0)} MB`);
const group = `搜索 ${DOCS} 篇（SQLite）`;
emit({ group, figure: '搜索服务 p95（含排序、分面、摘要）', value: pct(service, 95), unit: 'ms', higherIsBetter: false, anchor: { name: '同一条 SQL 直接执行', value: pct(direct, 95) } });
emit({ group, figure: '建立索引', value: buildSeconds, unit: 's', higherIsBetter: false });

raw.close();
await db.destroy();
if (keep) console.log(`保留数据库：${file}`);
else rmSync(dir, { recursive: true, force: true });
