// List benchmark: node scripts/bench-lists.ts [--docs 100000] [--postgres] [--seconds 1] [--rounds 5]
// On the generated data set (kept under data/bench/), starts the server and, for every list the
// site and the back office use: the latency of one call (p95 of 400 calls after a warm-up pass
// over every list, each a fresh answer: visitors' shared answers are bypassed) and the throughput
// at 50 connections beside a bare Fastify server answering the same body (serialised on every
// request, and sent as bytes encoded once: the anchor of the goal), both servers on one core and
// wrk on the other where the machine has two (PINNED). PostgreSQL: a database `wenku_bench`
// beside DATABASE_URL.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/db.ts';
import { freePort, hasCommand, latency, pairedMedian, PINNED, START_FLAGS, startNode, wrkRounds } from './bench/http.ts';
import { listCases } from './bench/lists.ts';
import { benchDatabase } from './bench/prepare.ts';
import { signedToken } from './bench/session.ts';
import { emit } from './bench/table.ts';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const docs = opt('docs', 100_000);
const seconds = opt('seconds', 1);
// each list, its bytes anchor and its serialising anchor in turn, five times over (one round of 3 s
// put the same kept-answer path at 0.54–1.58× on a busy machine): short rounds, so that a change
// of the machine's speed falls inside few of them (pairedMedian)
const rounds = opt('rounds', 5);
const dialect = argv.includes('--postgres') ? 'postgres' : 'sqlite';
const group = dialect === 'sqlite' ? `SQLite ${docs} 篇` : `PostgreSQL ${docs} 篇`;
const log = (m: string) => console.log(`[${dialect}] ${m}`);

if (!hasCommand('wrk')) {
  console.error('需要 wrk：apt-get install wrk（或 bash scripts/install-system-deps.sh --bench）');
  process.exit(2);
}
if (dialect === 'postgres' && !process.env.DATABASE_URL) {
  console.error('PostgreSQL 基准需要 DATABASE_URL');
  process.exit(2);
}

const url = await benchDatabase(dialect, docs, log);
const db = openDatabase(url);
const cases = await listCases(db);
const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
const member = await db
  .selectFrom('downloads')
  .select('user_id')
  .groupBy('user_id')
  .orderBy((eb) => eb.fn.countAll(), 'desc')
  .executeTakeFirstOrThrow();
const sessionOf = async (id: number) => ({ authorization: `Bearer ${await signedToken(db, id)}` });
const auth = { admin: await sessionOf(admin.id), member: await sessionOf(member.user_id) };
// a PostgreSQL server with a search index makes its local copy of it before it listens (serve.ts),
// and keeps it: the memory row says whether this run's had one, as a kept data set may or may not
const copied =
  dialect === 'postgres' ? Number((await sql<{ n: string }>`select count(*) as n from search_items`.execute(db)).rows[0]!.n) : 0;
await db.destroy();

const work = mkdtempSync(join(tmpdir(), 'wenku-bench-lists-'));
const port = await freePort();
// the server and its anchor on one core, wrk on the other (PINNED); PostgreSQL runs where it will
const server = await startNode(
  [...START_FLAGS, 'scripts/bench/serve.ts'],
  { DATABASE_URL: url, PORT: String(port), DATA_DIR: work, WENKU_SITE_DIR: join(work, 'site') },
  // a whole copy takes its time before the server listens: 347 s for 880,543 items at 1,000,000
  // documents (2026-12-07), where the default wait of 120 s ended the run
  { cores: PINNED?.server, timeoutMs: 120_000 + copied },
);
const base = `http://127.0.0.1:${port}`;
const bodies: Record<string, unknown> = {};
try {
  // a server that has run for a while: its code compiled and its connections' statements prepared;
  // the warm-up URLs differ from the measured ones, so no measured call finds a shared answer
  for (const c of cases) {
    const headers = c.as ? auth[c.as] : {};
    await latency(`${base}${c.url}${c.url.includes('?') ? '&' : '?'}_warm=1`, { headers, n: 20, bust: true });
  }
  for (const c of cases) {
    const headers = c.as ? auth[c.as] : {};
    const res = await fetch(base + c.url, { headers });
    if (res.status !== 200) throw new Error(`${c.name}：${c.url} 返回 ${res.status} ${await res.text()}`);
    bodies[c.url] = await res.json();
    // the p95 of 100 calls is their fifth slowest, which one cluster of garbage collections moves
    // (3,000 calls on PostgreSQL: p95 5.75 ms, while runs of 100 put a different list past 10 ms each time)
    const lat = await latency(base + c.url, { headers, n: 400, bust: true });
    log(`${c.name}：p50 ${lat.p50.toFixed(1)} ms，p95 ${lat.p95.toFixed(1)} ms`);
    emit({
      group,
      figure: `${c.name}：单次 p95`,
      value: lat.p95,
      unit: 'ms',
      higherIsBetter: false,
      goal: { text: '≤ 10 ms', max: 10 },
    });
  }
  const bodiesFile = join(work, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const barePort = await freePort();
  const bare = await startNode(['scripts/bench/bare.ts', bodiesFile, String(barePort)], {}, { cores: PINNED?.server });
  try {
    for (const c of cases) {
      const bareUrl = `http://127.0.0.1:${barePort}`;
      // ours beside its anchor in every round (wrkRounds): the ratio is the median of the rounds' ratios
      const [ours, bytes, serialised] = wrkRounds([base + c.url, `${bareUrl}/bytes${c.url}`, bareUrl + c.url], {
        headers: c.as ? auth[c.as] : {},
        seconds,
        rounds,
        cores: PINNED?.load,
      });
      const paired = pairedMedian(ours, bytes);
      log(
        `${c.name}：${paired.ours.toFixed(0)} req/s，发送预先编码的字节 ${paired.anchor.toFixed(0)} req/s（各轮 ${ours.rounds.map((r, i) => (r / bytes.rounds[i]).toFixed(2)).join('、')}），裸 Fastify 每次序列化 ${serialised.rps.toFixed(0)} req/s`,
      );
      emit({
        group,
        figure: `${c.name}：50 并发${c.as ? '（登录）' : ''}${ours.failures ? `（${ours.failures} 个请求失败）` : ''}`,
        value: paired.ours,
        unit: 'req/s',
        higherIsBetter: true,
        anchor: { name: '裸 Fastify 发送同样答复的预编码字节', value: paired.anchor },
        goal: { text: '≥ 0.7×', minRatio: 0.7 },
      });
    }
  } finally {
    await bare.stop();
  }
  emit({
    group,
    figure:
      dialect === 'sqlite'
        ? '服务器内存峰值（RSS）'
        : `服务器内存峰值（RSS；${copied ? `含搜索索引的本地副本，${copied} 项` : '库里没有搜索索引，没有本地副本'}）`,
    value: server.peakRssMb(),
    unit: 'MB',
    higherIsBetter: false,
    goal: { text: '≤ 300 MB', max: 300 },
  });
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
