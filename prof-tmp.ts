import { DatabaseSync } from 'node:sqlite';
import { openDatabase } from './src/server/db/db.ts';
import { searchQuery } from './src/server/search/query.ts';
import { documentSpec } from './src/server/search/search.specs.ts';
import { segmentQuery } from './src/server/search/segment.ts';
const file = process.argv[2]!;
const raw = new DatabaseSync(file);
const db = openDatabase(`sqlite:${file}`);
const time = (label: string, sql: string, p: any[] = []) => {
  let best = 1e9; let r: any[] = [];
  for (let i = 0; i < 3; i++) { const s = performance.now(); r = raw.prepare(sql).all(...p); best = Math.min(best, performance.now() - s); }
  console.log(label.padEnd(12), best.toFixed(1), 'ms', r.length);
};
for (const q of process.argv.slice(3)) {
  const words = segmentQuery(q);
  const c = searchQuery(db, documentSpec({ wd: q }, words, 10, 0)).compile(db);
  console.log('==', q, words);
  time('full', c.sql, c.parameters as any[]);
  const hitsEnd = c.sql.indexOf('matched as (');
  const cteHits = c.sql.slice(0, hitsEnd).replace(/,\s*$/, '');
  const nParams = (cteHits.match(/\?/g) ?? []).length;
  time('hits only', `${cteHits} select count(*) from hits`, (c.parameters as any[]).slice(0, nParams));
  const m = c.sql.indexOf('base as materialized');
  time('matched', `${c.sql.slice(0, m).replace(/,\s*$/, '')} select count(*) from matched`, (c.parameters as any[]).slice(0, (c.sql.slice(0, m).match(/\?/g) ?? []).length));
}
await db.destroy();
