import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leftByDeadProcess } from '../../../src/server/storage/temp.ts';
import { DIALECTS } from '../support/app.ts';
import {
  ackCount,
  call,
  emptyAcknowledged,
  operations,
  runLoad,
  type Acknowledged,
  type LoadTarget,
} from '../support/crash-load.ts';
import { FakeAlipay } from '../support/fake-alipay.ts';
import { outsideReader, startServer, startWorker, wenkuCli, type Server, type SiteProcess } from '../support/process.ts';

const run = promisify(execFile);
const KILLS = Number(process.env.WENKU_CRASH_KILLS ?? 20);
const ADMIN = 'admin-pass-123';

type Rows = Array<Record<string, unknown>>;
const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',');

/**
 * Crash consistency through real processes: the server and a separate converter are killed with
 * SIGKILL at 20 moments under a mixed write load, while the CLI and an outside `sqlite3` shell open
 * the database in between. After every restart each write answered 200 before the kill is there,
 * and the database, the ledger and the stored files are whole.
 */
describe.each(DIALECTS)('kill -9 under load (%s)', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wenku-crash-'));
  const file = join(dataDir, 'wenku.db');
  const schema = `crash_${process.pid}_${Date.now()}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WENKU_ADMIN_PASSWORD: ADMIN,
    WENKU_REGISTER_PER_IP_HOUR: '100000',
    WENKU_CONVERTER: '0',
    ...(dialect === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, WENKU_DB_SCHEMA: schema } : {}),
  };
  const alipay = new FakeAlipay();
  let pool: pg.Pool | undefined;
  let server: Server | undefined;
  let worker: SiteProcess | undefined;
  const acked: Acknowledged = emptyAcknowledged();
  const counts = { kills: 0, workerKills: 0 };

  const sql = async (query: string): Promise<Rows> => {
    if (pool) return (await pool.query(query)).rows as Rows;
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return db.prepare(query).all() as Rows;
    } finally {
      db.close();
    }
  };

  const adminToken = async (base: string) => {
    const res = await call(base, 'POST', '/user/login', { body: { username: 'admin', password: ADMIN } });
    if (res.status !== 200) throw new Error(`admin login: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  };

  /** Captchas off, Alipay pointing at the fake, one converted document to comment on. */
  async function prepare(base: string, admin: string): Promise<{ categoryId: number; documentId: number }> {
    const values: Record<string, string> = {
      'security.enable_captcha_register': 'false',
      'security.enable_captcha_login': 'false',
      'security.enable_captcha_comment': 'false',
      'score.enable_recharge': 'true',
      'pay.exchange_rate': '10',
      'pay.enable_alipay': 'true',
      'pay.alipay_appid': alipay.appId,
      'pay.alipay_private_key': alipay.app.privateKey,
      'pay.alipay_public_key': alipay.alipay.publicKey,
      'pay.alipay_gateway': alipay.gateway,
    };
    const list = await call(base, 'GET', '/config/list?category=security&category=pay&category=score', { token: admin });
    const items = (list.body.config as Array<{ category: string; name: string }>)
      .filter((c) => `${c.category}.${c.name}` in values)
      .map((c) => ({ ...c, value: values[`${c.category}.${c.name}`] }));
    const saved = await call(base, 'PUT', '/config', { token: admin, body: { config: items } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const category = await call(base, 'POST', '/category', {
      token: admin,
      body: { title: '崩溃测试', parent_id: 0, enable: true },
    });
    expect(category.status, JSON.stringify(category.body)).toBe(200);
    const categoryId = Number((await sql(`select id from categories where title = '崩溃测试'`))[0]!.id);
    const first = emptyAcknowledged();
    const target: LoadTarget = { base, admin, categoryId, documentId: 0, alipay };
    await operations.upload!(target, first);
    expect(first.documents).toHaveLength(1);
    const id = first.documents[0]!.id;
    await expect
      .poll(async () => (await sql(`select status from documents where id = ${id}`))[0]?.status, { timeout: 60_000 })
      .toBe(2);
    acked.documents.push(...first.documents);
    return { categoryId, documentId: id };
  }

  beforeAll(async () => {
    await alipay.start();
    if (dialect === 'postgres') {
      pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 2, options: `-c search_path=${schema}` });
      await pool.query(`CREATE SCHEMA ${schema}`);
    }
    // set up by the operator's CLI before the first start; the rest through the admin API
    await wenkuCli(env, 'config', 'set', 'security.enable_captcha_login', 'false');
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await worker?.kill('SIGKILL');
    await alipay.close();
    if (pool) {
      await pool.query(`DROP SCHEMA ${schema} CASCADE`);
      await pool.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Another process opens the database and closes it: the CLI always, the sqlite3 shell on SQLite. */
  async function touchFromOutside(): Promise<void> {
    await wenkuCli(env, 'config', 'get', 'system.sitename');
    if (dialect === 'sqlite') await outsideReader(file);
  }

  async function verify(): Promise<void> {
    const present = async (query: string, key: string) => new Set((await sql(query)).map((r) => String(r[key])));
    if (acked.users.length) {
      const names = await present(
        `select username from users where username in (${quoted(acked.users.map((u) => u.username))})`,
        'username',
      );
      expect(acked.users.filter((u) => !names.has(u.username))).toEqual([]);
    }
    const ids = acked.documents.map((d) => d.id);
    const docs = await present(`select id from documents where id in (${ids.join(',')})`, 'id');
    expect(ids.filter((id) => !docs.has(String(id)))).toEqual([]);
    if (acked.comments.length) {
      const comments = await present(`select content from comments where content in (${quoted(acked.comments)})`, 'content');
      expect(acked.comments.filter((c) => !comments.has(c))).toEqual([]);
    }
    if (acked.paidOrders.length) {
      const paid = await present(
        `select order_no from orders where status = 2 and order_no in (${quoted(acked.paidOrders)})`,
        'order_no',
      );
      expect(acked.paidOrders.filter((o) => !paid.has(o))).toEqual([]);
    }
    if (acked.sitename.acked) {
      const [row] = await sql(`select value from configs where category = 'system' and name = 'sitename'`);
      expect([acked.sitename.acked, acked.sitename.inFlight]).toContain(row!.value);
    }
    // the credit ledger sums to every balance
    const off = await sql(`select u.id, u.credit_count, coalesce(sum(l.amount), 0) as total
      from users u left join credit_logs l on l.user_id = u.id group by u.id, u.credit_count
      having u.credit_count <> coalesce(sum(l.amount), 0)`);
    expect(off).toEqual([]);
    // no attachment row without its whole file
    for (const a of await sql('select path, hash from attachments where deleted_at is null')) {
      const stored = join(dataDir, 'files', String(a.path));
      expect(existsSync(stored), `${String(a.path)} is missing`).toBe(true);
      expect(createHash('md5').update(readFileSync(stored)).digest('hex')).toBe(a.hash);
    }
    if (dialect === 'sqlite') expect((await run('sqlite3', [file, 'pragma integrity_check'])).stdout.trim()).toBe('ok');
    // what the killed processes were writing is cleared at start
    const temps = join(dataDir, 'files', '.tmp');
    await expect
      .poll(() => (existsSync(temps) ? readdirSync(temps).filter(leftByDeadProcess) : []), { timeout: 10_000 })
      .toEqual([]);
  }

  it(`keeps every answered write through ${KILLS} kills of the server and the converter`, async () => {
    server = await startServer(env);
    worker = await startWorker(env);
    let admin = await adminToken(server.url);
    const { categoryId, documentId } = await prepare(server.url, admin);
    for (let k = 0; k < KILLS; k++) {
      await touchFromOutside();
      const target: LoadTarget = { base: server.url, admin, categoryId, documentId, alipay };
      const killWorkerToo = k % 3 === 1;
      await runLoad(target, acked, 3 + Math.floor(Math.random() * 25), async () => {
        await Promise.all([server!.kill('SIGKILL'), killWorkerToo ? worker!.kill('SIGKILL') : undefined]);
        counts.kills++;
        if (killWorkerToo) counts.workerKills++;
      });
      const t0 = Date.now();
      try {
        server = await startServer(env);
        if (killWorkerToo) worker = await startWorker(env);
        const t1 = Date.now();
        await verify();
        if (process.env.CRASH_DEBUG) console.log(`start ${t1 - t0} ms, verify ${Date.now() - t1} ms`);
      } catch (err) {
        throw new Error(
          `after kill ${k + 1}: ${(err as Error).message}\nserver:\n${server!.output()}\nworker:\n${worker!.output()}`,
        );
      }
      admin = await adminToken(server.url);
    }
    // the converting jobs of the killed converters resume: every document ends converted
    const ids = acked.documents.map((d) => d.id).join(',');
    await expect
      .poll(() => sql(`select id, status, convert_error, convert_attempts from documents where id in (${ids}) and status <> 2`), {
        timeout: 120_000,
      })
      .toEqual([]);
    // members sign in with what they registered
    for (const user of acked.users.slice(-3))
      expect((await call(server.url, 'POST', '/user/login', { body: user })).status).toBe(200);
    console.log(
      `[crash ${dialect}] kills: ${counts.kills} (converter ${counts.workerKills}); writes acknowledged: ${ackCount(acked)} ` +
        `(users ${acked.users.length}, documents ${acked.documents.length}, comments ${acked.comments.length}, ` +
        `paid orders ${acked.paidOrders.length}, sign-ins ${acked.signIns}); acknowledged writes missing: 0`,
    );
  }, 900_000);
});
