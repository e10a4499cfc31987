// in-process: time /document/home through app.inject with unique URLs
import { bootstrap } from '../../src/server/bootstrap.ts';
import { loadConfig } from '../../src/server/config.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const work = mkdtempSync(join(tmpdir(), 'inj-'));
const { app } = await bootstrap(loadConfig({ ...process.env, DATABASE_URL: process.argv[2], DATA_DIR: work, WENKU_SITE_DIR: join(work, 'site'), WENKU_SITE_REBUILD: '0', WENKU_LOG: 'silent' }));
const path = process.argv[3] ?? '/api/v1/document/home?limit=8';
let k = 0;
for (let r = 0; r < Number(process.env.ROUNDS ?? 6); r++) {
  const ts: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t = performance.now();
    const res = await app.inject({ url: `${path}&_u=${k++}` });
    if (res.statusCode !== 200) throw new Error(res.body);
    ts.push(performance.now() - t);
  }
  ts.sort((a, b) => a - b);
  console.log(`p50 ${ts[50].toFixed(2)} p95 ${ts[95].toFixed(2)}`);
}
await app.close();
