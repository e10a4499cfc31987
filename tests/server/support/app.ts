import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { bootstrap } from '../../../src/server/bootstrap.ts';
import { loadConfig } from '../../../src/server/config.ts';
import type { AppContext } from '../../../src/server/context.ts';
import type { Log } from '../../../src/server/log.ts';
import type { DB } from '../../../src/server/db/schema.ts';

export const ADMIN_PASSWORD = 'admin-pass-123';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const DIALECTS: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** The session id (`UUID` claim) a login token carries: what a logout writes to `revoked_tokens`. */
export const tokenUuid = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).UUID as string;

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  /** PostgreSQL: the test's own schema */
  schema?: string;
  /** app.inject with an optional bearer token; returns status and parsed JSON. */
  call(opts: InjectOptions & { token?: string }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  login(username: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  /** Registers a member (captcha off) and returns its id and token. */
  member(username?: string, password?: string): Promise<{ id: number; token: string; username: string }>;
  setConfig(category: string, name: string, value: string): Promise<void>;
  /** closes `thing` (a fake service the app was pointed at) when the app closes, before it */
  closeWith(thing: { close(): Promise<unknown> }): void;
  close(): Promise<void>;
}

let seq = 0;

/** app.inject with an optional bearer token; the body parsed when it is JSON. */
const caller =
  (app: FastifyInstance): TestApp['call'] =>
  async ({ token, headers, ...opts }) => {
    const res = await app.inject({
      ...opts,
      headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    let body: any = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers };
  };

export async function startTestApp(
  dialect: 'sqlite' | 'postgres' = 'sqlite',
  env: Record<string, string> = {},
  opts: { log?: Log } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wenku-test-'));
  let schema: string | undefined;
  let databaseUrl: string | undefined;
  if (dialect === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL!;
    schema = `t_${process.pid}_${Date.now()}_${seq++}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    WENKU_ADMIN_PASSWORD: ADMIN_PASSWORD,
    WENKU_SITE_DIR: join(dataDir, 'site'),
    WENKU_SITE_REBUILD: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const { app, ctx } = await bootstrap(config, { schema, log: opts.log });
  // tests log in without solving captchas unless a test turns them on
  for (const name of [
    'enable_captcha_login',
    'enable_captcha_register',
    'enable_captcha_find_password',
    'enable_captcha_comment',
  ]) {
    await ctx.db
      .updateTable('configs')
      .set({ value: 'false' })
      .where('category', '=', 'security')
      .where('name', '=', name)
      .execute();
  }
  ctx.settings.invalidate();

  const call = caller(app);
  const login = async (username: string, password: string) => {
    const res = await call({ method: 'POST', url: '/api/v1/user/login', payload: { username, password } });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  };
  let n = 0;
  let members = 0;
  const along: Array<{ close(): Promise<unknown> }> = [];
  return {
    app,
    ctx,
    dataDir,
    schema,
    call,
    login,
    adminToken: () => login('admin', ADMIN_PASSWORD),
    async member(username = `member${++n}`, password = 'member-pass-1') {
      // each from its own address, as members come: registrations are limited per address and hour
      const remoteAddress = `10.254.${(++members >> 8) & 255}.${members & 255}`;
      const res = await call({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { username, password, email: `${username}@example.com` },
        remoteAddress,
      });
      if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.user.id as number, token: res.body.token as string, username };
    },
    async setConfig(category, name, value) {
      await ctx.db.updateTable('configs').set({ value }).where('category', '=', category).where('name', '=', name).execute();
      ctx.settings.invalidate();
    },
    closeWith(thing) {
      along.push(thing);
    },
    async close() {
      for (const thing of along.splice(0)) await thing.close();
      await app.close();
      if (schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Peer {
  app: FastifyInstance;
  ctx: AppContext;
  call: TestApp['call'];
  close(): Promise<void>;
}

/**
 * A second instance on the first one's database (its own data folder and memory), as another
 * `npm start` behind the same load balancer would be.
 */
export async function startPeer(first: TestApp, env: Record<string, string> = {}): Promise<Peer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wenku-peer-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: first.ctx.config.databaseUrl,
    WENKU_SITE_DIR: join(dataDir, 'site'),
    WENKU_SITE_REBUILD: '0',
    ...env,
  });
  const { app, ctx } = await bootstrap(config, { schema: first.schema });
  const call = caller(app);
  return {
    app,
    ctx,
    call,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How many rows a table of the test app holds. */
export async function rowCount(t: Pick<TestApp, 'ctx'>, table: keyof DB): Promise<number> {
  const { n } = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
