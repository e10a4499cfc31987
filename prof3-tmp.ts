import { DatabaseSync } from 'node:sqlite';
const db = new DatabaseSync(process.argv[2]!);
const time = (label: string, sql: string, ...p: any[]) => {
  let best = 1e9; let r: any[] = [];
  for (let i = 0; i < 5; i++) { const s = performance.now(); r = db.prepare(sql).all(...p); best = Math.min(best, performance.now() - s); }
  console.log(label.padEnd(14), best.toFixed(1), 'ms', r.length);
};
const hits = `with hits as materialized (select (rowid - 0) / 1048576 as ref_id, rowid % 1048576 as page, 0 as t, -bm25(search_fts, 10.0, 1.0) as s from search_fts where search_fts match '"我们"' and rowid >= 0 and rowid < 4503599627370496)`;
time('hits', `${hits} select count(*) from hits`);
time('nomat', `with hits as (select (rowid - 0) / 1048576 as ref_id, rowid % 1048576 as page, 0 as t, -bm25(search_fts, 10.0, 1.0) as s from search_fts where search_fts match '"我们"' and rowid >= 0 and rowid < 4503599627370496) select count(*) from hits`);
time('group plain', `${hits} select count(*) from (select ref_id, sum(s) from hits group by ref_id)`);
time('group rel', `${hits} select count(*) from (select ref_id, 5 * sum(case when page = 0 then s else 0 end) + max(case when page > 0 then s else 0 end) + 0.1 * sum(case when page > 0 then s else 0 end) from hits group by ref_id)`);
time('group concat', `${hits} select count(*) from (select ref_id, group_concat(case when page > 0 then page end) from hits group by ref_id)`);
time('no bm25', `with hits as materialized (select (rowid - 0) / 1048576 as ref_id, rowid % 1048576 as page, 0 as t from search_fts where search_fts match '"我们"' and rowid >= 0 and rowid < 4503599627370496) select count(*) from (select ref_id, count(*) from hits group by ref_id)`);
const h2 = `with hits as (select (rowid - 0) / 1048576 as ref_id, rowid % 1048576 as page, 0 as t, -rank as s from search_fts where search_fts match '"我们"' and rank match 'bm25(10.0, 1.0)' and rowid >= 0 and rowid < 4503599627370496)`;
time('rank group', `${h2} select count(*) from (select ref_id, 5 * sum(case when page = 0 then s else 0 end) + max(case when page > 0 then s else 0 end) + 0.1 * sum(case when page > 0 then s else 0 end) from hits group by ref_id)`);
time('rank group top', `${h2} select ref_id, 5 * sum(case when page = 0 then s else 0 end) + max(case when page > 0 then s else 0 end) + 0.1 * sum(case when page > 0 then s else 0 end) as rel from hits group by ref_id order by rel desc limit 10`);
const h3 = `with hits as (select (rowid - 0) / 1048576 as ref_id, rowid % 1048576 as page, 0 as t, -rank as s from search_fts where search_fts match '"我们"' and rank match 'bm25(10.0, 1.0)' and rowid >= 0 and rowid < 4503599627370496 union all select (rowid - 0) / 1048576 as ref_id, rowid % 1048576 as page, 1 as t, -rank as s from search_fts where search_fts match '"研究"' and rank match 'bm25(10.0, 1.0)' and rowid >= 0 and rowid < 4503599627370496)`;
time('rank 2w', `${h3} select count(*) from (select ref_id from hits group by ref_id having max(t=0)+max(t=1) = 2)`);
time('mat 2w', `${h3.replace('hits as (', 'hits as materialized (')} select count(*) from (select ref_id from hits group by ref_id having max(t=0)+max(t=1) = 2)`);
