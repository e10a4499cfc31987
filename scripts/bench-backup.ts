// `npm run bench:backup [-- --database sqlite:<file>] [--pg postgres://…]`
// On the bench data set (`npm run bench:data`, default data/bench/wenku.db): the p95 of a list call
// with no backup running (the anchor), then while the server makes a backup (立即备份: the snapshot,
// hashing and archive on the server's backup thread), with the backup's time and size. With --pg,
// also the time of `wenku db copy` of the same database to a new schema of that PostgreSQL.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { percentile, startBenchServer } from './bench/http.ts';
import { sessionToken } from './bench/session.ts';

const argv = process.argv.slice(2);
const value = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const databaseUrl = value('database') ?? `sqlite:${resolve('data/bench/wenku.db')}`;
const pgUrl = value('pg');
const CLIENTS = 2;
const BASELINE_MS = 15_000;

const token = await sessionToken(databaseUrl, 'admin');

const dataDir = mkdtempSync(join(tmpdir(), 'wenku-bench-backup-'));
const server = await startBenchServer(databaseUrl, dataDir, join(dataDir, 'site'));
const api = (path: string, init: RequestInit = {}, token = '') =>
  fetch(`${server.base}/api/v1${path}`, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

/** List calls from CLIENTS clients, one after another each, until `until()` says stop; every URL its own (no shared answer reused). */
async function listLoad(
  until: () => boolean | Promise<boolean>,
): Promise<{ p50: number; p95: number; n: number; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  let i = 0;
  let stop = false;
  const client = async () => {
    while (!stop) {
      const n = i++;
      const t0 = performance.now();
      const res = await fetch(`${server.base}/api/v1/document/list?page=${1 + (n % 50)}&size=20&_bench=${n}`);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) failed++;
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  while (!(await until())) await new Promise((r) => setTimeout(r, 200));
  stop = true;
  await Promise.all(clients);
  return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length, failed };
}

try {
  // warm-up, then the anchor
  await listLoad(
    (
      (t) => () =>
        Date.now() > t
    )(Date.now() + 3000),
  );
  const before = await listLoad(
    (
      (t) => () =>
        Date.now() > t
    )(Date.now() + BASELINE_MS),
  );

  const t0 = Date.now();
  const started = await api('/backup', { method: 'POST' }, token);
  if (started.status !== 200) throw new Error(`立即备份失败：${started.status} ${await started.text()}`);
  let last: { status?: string; bytes?: number; file?: string; message?: string } = {};
  const during = await listLoad(async () => {
    const body = (await (await api('/backup/list', {}, token)).json()) as { running?: boolean; last?: typeof last };
    last = body.last ?? {};
    return !body.running;
  });
  const backupMs = Date.now() - t0;
  if (last.status !== 'ok') throw new Error(`备份失败：${last.message}`);

  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(`数据库：${databaseUrl}`);
  console.log(`备份：${((last.bytes ?? 0) / (1 << 20)).toFixed(0)} MB，用时 ${(backupMs / 1000).toFixed(1)} s（${last.file}）`);
  console.log(
    `文档列表 p95，无备份：${before.p95.toFixed(1)} ms（p50 ${before.p50.toFixed(1)}，${before.n} 次，失败 ${before.failed}）`,
  );
  console.log(
    `文档列表 p95，备份中：${during.p95.toFixed(1)} ms（p50 ${during.p50.toFixed(1)}，${during.n} 次，失败 ${during.failed}）`,
  );
  console.log(`比值（备份中 / 无备份）：${(during.p95 / before.p95).toFixed(2)}（目标 ≤ 2）`);
  console.log(`负载（loadavg 1/5/15 分钟）：${load}`);

  if (pgUrl) {
    const schema = `bench_copy_${Date.now()}`;
    execFileSync('psql', [pgUrl, '-qc', `create schema ${schema}`]);
    const c0 = Date.now();
    const r = spawnSync(process.execPath, ['src/cli/wenku.ts', 'db', 'copy', '--to', pgUrl, '--schema', schema], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: '0' },
      encoding: 'utf8',
    });
    const copyMs = Date.now() - c0;
    console.log(
      r.stdout
        .split('\n')
        .filter((l) => /已复制|搜索索引已重建|完成/.test(l))
        .join('\n'),
    );
    if (r.status !== 0) console.log(`db copy 失败：${r.stderr}`);
    console.log(`db copy → PostgreSQL：${(copyMs / 1000).toFixed(1)} s（含搜索索引重建）`);
    execFileSync('psql', [pgUrl, '-qc', `drop schema ${schema} cascade`]);
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
