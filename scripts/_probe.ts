import { openDatabase } from '../src/server/db/db.ts';
import { windowRead, executeOn } from '../src/server/search/window.ts';
import { documentSpec } from '../src/server/search/search.specs.ts';
import { parseQuery } from '../src/server/search/terms.ts';
const db = openDatabase('postgres://postgres@127.0.0.1:5432/wenku_bench');
const base = executeOn(db);
for (const q of process.argv.slice(2)) {
  const log: string[] = [];
  const exec = (async (c: any) => { const t = performance.now(); const r = await base(c); log.push(`${(performance.now() - t).toFixed(1)}ms ${c.sql.slice(0, 50).replace(/\s+/g, ' ')} ${JSON.stringify(c.parameters).slice(0, 120)} -> ${String((r[0] as any)?.ids ?? '').split(',').length}`); return r; }) as any;
  const spec = documentSpec({ wd: q }, parseQuery(q).terms, 10, 0, 100);
  const t0 = performance.now();
  await windowRead(db, spec, spec.terms, false).run(exec);
  console.log(q, (performance.now() - t0).toFixed(1), 'ms'); console.log(log.join('\n'));
}
await db.destroy();
