import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { bootstrap } from '../../../src/server/bootstrap.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { LocalStorage } from '../../../src/server/storage/storage.ts';
import type { TestApp } from './app.ts';
import { runNpmScript } from './npm-script.ts';

// Helpers of the backup, restore and `db copy` tests: CLI runs against a data folder or a
// PostgreSQL schema of the test's own (any test's `wenku` command runs so against its app:
// `siteEnv(t.dataDir, t.schema)`), a server started on what they wrote, and what to compare.

const PG_URL = process.env.TEST_DATABASE_URL;
let schemas = 0;

/** A PostgreSQL schema of this test's own, dropped at the end. */
export async function pgSchema(create = true): Promise<string> {
  const name = `bk_${process.pid}_${Date.now()}_${schemas++}`;
  if (create) await pgQuery(`create schema ${name}`);
  return name;
}
export async function pgQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** The environment of a CLI run against a data folder and, for PostgreSQL, a schema. */
export const siteEnv = (dataDir: string, schema?: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: '0',
  ...(schema ? { DATABASE_URL: PG_URL, WENKU_DB_SCHEMA: schema } : {}),
});
export const cli = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  runNpmScript('src/cli/wenku.ts', args, env, { timeout: 180_000, maxBuffer: 16 << 20 });

/** A server on a restored data folder (and schema). */
export async function startOn(dataDir: string, schema?: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    WENKU_SITE_DIR: join(dataDir, 'site'),
    WENKU_SITE_REBUILD: '0',
    ...(schema ? { DATABASE_URL: PG_URL!, WENKU_DB_SCHEMA: schema } : {}),
  });
  const { app, ctx } = await bootstrap(config, { schema });
  const call = async (url: string, token?: string) => {
    const res = await app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.statusCode, body: res.body };
  };
  const login = async (username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { username, password } });
  return { app, ctx, call, login };
}

/** Every stored file and its sha256. */
export async function storedFiles(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of new LocalStorage(root).keys())
    out[key] = createHash('sha256')
      .update(readFileSync(join(root, key)))
      .digest('hex');
  return out;
}

/** Every list route of the API without path parameters (from the OpenAPI document). */
export function listRoutes(t: TestApp): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path, ops]) => path.startsWith('/api/v1/') && /\/list$/.test(path) && !path.includes('{') && 'get' in ops)
    .map(([path]) => path);
}
