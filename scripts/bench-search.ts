// Search benchmark: ./node_modules/.bin/node scripts/bench-search.ts [--docs 100000] [--queries 200] [--keep]
// Generates N documents (head + 2–4 pages of pseudo-random Chinese text, fixed seed) in a temporary
// SQLite database, indexes them with the real indexer, then runs queries of 1–3 words through the
// search service (no HTTP) and the same SQL statement straight on node:sqlite; prints p50/p95.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { migrate, openDatabase } from '../src/server/db/db.ts';
import { reindexAll } from '../src/server/search/indexer.ts';
import { searchQuery } from '../src/server/search/query.ts';
import { searchDocuments } from '../src/server/search/search.service.ts';
import { documentSpec } from '../src/server/search/search.specs.ts';
import { parseQuery } from '../src/server/search/terms.ts';
import { segmenter } from '../src/server/search/segment.ts';
import { quickSync, syncIndex } from '../src/server/search/sync.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DOCS = arg('docs', 100_000);
const QUERIES = arg('queries', 200);
const keep = process.argv.includes('--keep');

// deterministic pseudo-random numbers (mulberry32)
let seed = 20_240_501;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
};
const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

// word list: the 20 000 most frequent 2–4 character Chinese words of jieba's dictionary, drawn with Zipf's law
const dictFile = join(dirname(createRequire(import.meta.url).resolve('@node-rs/jieba/package.json')), 'dict.txt');
const WORDS = readFileSync(dictFile, 'utf8')
  .split('\n')
  .map((l) => l.split(' '))
  .filter(([w, f]) => w && /^[\u4e00-\u9fa5]{2,4}$/.test(w) && Number(f) > 0)
  .sort((a, b) => Number(b[1]) - Number(a[1]))
  .slice(0, 20_000)
  .map(([w]) => w!);
const cumulative: number[] = [];
WORDS.reduce((sum, _w, i) => (cumulative[i] = sum + 1 / (i + 1)), 0);
const word = () => {
  const r = rand() * cumulative.at(-1)!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return WORDS[lo]!;
};
const sentence = (n: number) =>
  Array.from({ length: n }, (_, i) => word() + (i % 9 === 8 ? (rand() < 0.5 ? '，' : '。') : '')).join('') + '。';
const EXTS = ['.pdf', '.pdf', '.docx', '.doc', '.pptx', '.xlsx', '.txt', '.epub'];

const dir = mkdtempSync(join(tmpdir(), 'wenku-bench-'));
const file = join(dir, 'bench.db');
const db = openDatabase(`sqlite:${file}`);
await migrate(db);
segmenter();
console.log(`词表 ${WORDS.length} 个词；数据库 ${file}`);

// 1. documents and page texts, written straight with node:sqlite
const raw = new DatabaseSync(file);
raw.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
let t0 = performance.now();
const insDoc = raw.prepare(`insert into documents (uuid, title, keywords, description, preview_ext, ext, language, hash, user_id, pages,
  view_count, download_count, score, size, status, created_at, updated_at) values (?, ?, ?, ?, '.svg', ?, ?, ?, 1, ?, ?, ?, 300, ?, 2, ?, ?)`);
const insPage = raw.prepare('insert into document_pages (hash, page, text) values (?, ?, ?)');
const insCat = raw.prepare('insert into document_categories (document_id, category_id, created_at) values (?, ?, ?)');
let chars = 0;
raw.exec('begin');
for (let i = 1; i <= DOCS; i++) {
  const hash = i.toString(16).padStart(32, '0');
  const pages = int(2, 4);
  const when = new Date(Date.UTC(2020, 0, 1) + int(0, 5 * 365) * 86_400_000).toISOString();
  insDoc.run(hash.slice(16), sentence(int(3, 6)).slice(0, -1), [word(), word(), word()].join(','), sentence(20),
    EXTS[i % EXTS.length]!, rand() < 0.9 ? 'zh-CN' : 'en', hash, pages, int(0, 5000), int(0, 500), int(1e4, 5e7), when, when);
  for (let p = 1; p <= pages; p++) {
    const text = sentence(int(80, 120));
    chars += text.length;
    insPage.run(hash, p, text);
  }
  insCat.run(i, 1 + (i % 12), when);
  if (i % 10_000 === 0) {
    raw.exec('commit; begin');
    process.stdout.write(`\r生成文档 ${i}/${DOCS}`);
  }
}
raw.exec('commit');
console.log(`\r生成 ${DOCS} 篇文档（页面文字共 ${(chars / 1e6).toFixed(1)} M 字）用时 ${((performance.now() - t0) / 1000).toFixed(1)} s`);

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
const queryWord = (): string => {
  for (;;) {
    const w = word();
    if (WORDS.indexOf(w) >= 100) return w;
  }
};
const queries = Array.from({ length: QUERIES }, () => Array.from({ length: int(1, 3) }, queryWord).join(' '));
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

raw.close();
await db.destroy();
if (keep) console.log(`保留数据库：${file}`);
else rmSync(dir, { recursive: true, force: true });
