import { openDatabase } from '../src/server/db/db.ts';
import { searchDocuments } from '../src/server/search/search.service.ts';
const db = openDatabase('postgres://postgres@127.0.0.1:5432/wenku_bench');
for (const q of process.argv.slice(2)) {
  const t0 = performance.now();
  const r = await searchDocuments(db, { wd: q }, { maxPages: 100 });
  console.log(q, r.total, (performance.now() - t0).toFixed(1), 'ms');
}
await db.destroy();
