import { openDatabase } from '../src/server/db/db.ts';
import { searchDocuments } from '../src/server/search/search.service.ts';
import { drawQueries } from './bench/queries.ts';
const db = openDatabase('postgres://postgres@127.0.0.1:5432/wenku_bench');
for (const q of await drawQueries(db, 30, 1)) await searchDocuments(db, { wd: q }, { maxPages: 100 });
const times: Array<[number, string]> = [];
for (const q of await drawQueries(db, 150, 20_261_128)) {
  const t0 = performance.now();
  await searchDocuments(db, { wd: q }, { maxPages: 100 });
  times.push([performance.now() - t0, q]);
}
times.sort((a, b) => a[0] - b[0]);
console.log('p50', times[75][0].toFixed(1), 'p95', times[142][0].toFixed(1), times.slice(-8).map(([t, q]) => `${q} ${t.toFixed(1)}`).join(' | '));
await db.destroy();
