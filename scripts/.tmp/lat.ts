// node scripts/.tmp/lat.ts <dbUrl> <path...>: bench-style latency, 4 rounds
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { START_FLAGS, freePort, latency, startNode } from '../bench/http.ts';
const [url, ...paths] = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'lat-'));
const port = await freePort();
const server = await startNode([...START_FLAGS, process.env.SERVE ?? 'scripts/bench/serve.ts'], {
  DATABASE_URL: url!, PORT: String(port), DATA_DIR: work, WENKU_SITE_DIR: join(work, 'site'),
});
const base = `http://127.0.0.1:${port}`;
try {
  for (const p of paths) await latency(`${base}${p}${p.includes('?') ? '&' : '?'}_warm=1`, { n: 20, bust: true });
  for (let r = 0; r < 4; r++)
    for (const p of paths) {
      const l = await latency(`${base}${p}${p.includes("?") ? "&" : "?"}_r=${r}`, { n: 100, bust: true });
      console.log(`${p}: p50 ${l.p50.toFixed(2)} p95 ${l.p95.toFixed(2)}`);
    }
  const res = await fetch(base + paths[0]!);
  console.log('bytes', (await res.text()).length);
} finally { await server.stop(); }
