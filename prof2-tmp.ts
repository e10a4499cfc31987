import { DatabaseSync } from 'node:sqlite';
const db = new DatabaseSync(process.argv[2]!);
const time = (label: string, sql: string, ...p: any[]) => {
  let best = 1e9; let r: any[] = [];
  for (let i = 0; i < 3; i++) { const s = performance.now(); r = db.prepare(sql).all(...p); best = Math.min(best, performance.now() - s); }
  console.log(label.padEnd(14), best.toFixed(1), 'ms', r.length);
};
const w = '"我们"';
time('count', `select count(*) from search_fts where search_fts match ?`, w);
time('rowid', `select rowid from search_fts where search_fts match ?`, w);
time('rowid range', `select rowid from search_fts where search_fts match ? and rowid >= 0 and rowid < 4503599627370496`, w);
time('bm25', `select rowid, bm25(search_fts) from search_fts where search_fts match ?`, w);
time('rank order', `select rowid from search_fts where search_fts match ? order by rank limit 10`, w);
