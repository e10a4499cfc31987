import pg from 'pg';
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/wenku_bench' });
await c.connect();
for (let r = 0; r < 3; r++) {
  const ts: number[] = [];
  for (let i = 0; i < 500; i++) { const t = performance.now(); await c.query({ name: 's1', text: 'select 1' }); ts.push(performance.now() - t); }
  ts.sort((a, b) => a - b);
  console.log('p50', ts[250].toFixed(3), 'p95', ts[475].toFixed(3));
}
await c.end();
