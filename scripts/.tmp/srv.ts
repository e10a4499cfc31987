import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startBenchServer } from '../bench/http.ts';
const work = mkdtempSync(join(tmpdir(), 'srv-'));
const s = await startBenchServer(`sqlite:${resolve('data/bench/wenku-200.db')}`, work, resolve('data/bench/site-200'));
console.log(s.base);
process.on('SIGTERM', async () => { await s.stop(); process.exit(0); });
setInterval(() => {}, 1e6);
