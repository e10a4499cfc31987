import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../../src/server/bootstrap.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { migrate, migrations, openDatabase } from '../../../src/server/db/db.ts';
import { appliedMigrations, DatabaseNewerThanCode } from '../../../src/server/db/migration-level.ts';
import { DIALECTS } from '../support/app.ts';
import { runNpmScript } from '../support/npm-script.ts';

const LATEST = Object.keys(migrations).at(-1)!;
/** A migration of a Wenku newer than this one: named after every migration this code has. */
const FUTURE = '999_from_a_newer_wenku';

/** Runs a script of the project with `env`; its exit code and everything it printed. */
async function script(path: string, env: Record<string, string>, ...args: string[]) {
  try {
    const siteEnv = { WENKU_LOG: 'warn', PORT: '0', HOST: '127.0.0.1', WENKU_SITE_REBUILD: '0', ...env };
    const { stdout, stderr } = await runNpmScript(path, args, siteEnv);
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe.each(DIALECTS)('a database newer than the code on %s', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wenku-newer-'));
  const schema = dialect === 'postgres' ? `newer_${process.pid}_${Date.now()}` : undefined;
  const url = dialect === 'postgres' ? process.env.TEST_DATABASE_URL! : `sqlite:${join(dataDir, 'wenku.db')}`;
  const env = { DATA_DIR: dataDir, DATABASE_URL: url, ...(schema ? { WENKU_DB_SCHEMA: schema } : {}) };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };

  beforeAll(async () => {
    if (schema) await admin(`CREATE SCHEMA ${schema}`);
    // migrated by this code, then by a newer Wenku (its migration recorded as Kysely records one)
    const db = openDatabase(url, { schema });
    await migrate(db, schema);
    await sql`insert into kysely_migration (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(db);
    await db.destroy();
  });
  afterAll(async () => {
    if (schema) await admin(`DROP SCHEMA ${schema} CASCADE`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const named = (text: string) => {
    expect(text).toContain(`数据库版本 ${FUTURE} 比程序版本 ${LATEST} 新`);
    expect(text).toContain('请升级 Wenku 程序');
  };

  it('bootstrap refuses it, naming both versions', async () => {
    const config = loadConfig({ ...env, WENKU_SITE_DIR: join(dataDir, 'site') });
    const refused = await bootstrap(config, { schema }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(DatabaseNewerThanCode);
    named((refused as Error).message);
  });

  it('npm start exits with the message and no stack, and the worker and the CLI refuse too', async () => {
    const [server, worker, cli] = await Promise.all([
      script('src/server/main.ts', env),
      script('src/server/worker.ts', env),
      script('src/cli/wenku.ts', env, 'status'),
    ]);
    for (const refused of [server, worker, cli]) {
      expect(refused.code, refused.out).toBe(1);
      named(refused.out);
      expect(refused.out).not.toMatch(/\n\s+at /);
    }
  });

  it('leaves the database as the newer version wrote it', async () => {
    const db = openDatabase(url, { schema });
    try {
      expect(await appliedMigrations(db)).toEqual([...Object.keys(migrations), FUTURE]);
    } finally {
      await db.destroy();
    }
  });
});
