// one request at a time in-process on PostgreSQL, printing when each statement starts and ends
import { PreparingClient } from '../../src/server/db/pg-prepared.ts';
import { bootstrap } from '../../src/server/bootstrap.ts';
import { loadConfig } from '../../src/server/config.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
let t0 = 0; let on = false;
const orig = PreparingClient.prototype.query;
PreparingClient.prototype.query = function (this: PreparingClient, ...args: unknown[]) {
  const s = performance.now();
  const r = orig.apply(this, args) as unknown as Promise<unknown>;
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
  if (on && r && typeof (r as Promise<unknown>).then === 'function') (r as Promise<unknown>).then(() => console.log(`  ${(s - t0).toFixed(2)} → ${(performance.now() - t0).toFixed(2)}  ${text.replace(/\s+/g, ' ').slice(0, 90)}`));
  return r as never;
} as never;
const work = mkdtempSync(join(tmpdir(), 'tr-'));
const { app } = await bootstrap(loadConfig({ ...process.env, DATABASE_URL: process.argv[2], DATA_DIR: work, WENKU_SITE_DIR: join(work, 'site'), WENKU_SITE_REBUILD: '0', WENKU_LOG: 'silent' }));
const path = process.argv[3]!;
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const get = async (u: string) => { const r = await fetch(base + u); await r.arrayBuffer(); };
for (let i = 0; i < 300; i++) await get(`${path}&_w=${i}`);
on = true;
for (let i = 0; i < 3; i++) {
  t0 = performance.now();
  await get(`${path}&_t=${i}`);
  console.log(`total ${(performance.now() - t0).toFixed(2)}`);
  await new Promise((r) => setTimeout(r, 50));
}
await app.close();
