import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../../src/server/bootstrap.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { migrations, openDatabase } from '../../../src/server/db/db.ts';
import { appliedMigrations } from '../../../src/server/db/migration-level.ts';
import { DIALECTS } from '../support/app.ts';
import { LEVELS, type Answering } from '../support/upgrade-levels.ts';

/**
 * Upgrades from every migration level: a database grown to that level (each level's rows inserted
 * right after its migration, support/upgrade-levels.ts), then started by today's server, which
 * migrates it to the latest level and answers with the old data. New migrations join by themselves.
 */
const NAMES = Object.keys(migrations);
const TEST_URL = process.env.TEST_DATABASE_URL;
let seq = 0;

interface Place {
  url: string;
  dataDir: string;
  schema?: string;
  drop(): Promise<void>;
}

async function place(dialect: 'sqlite' | 'postgres'): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wenku-upgrade-'));
  const cleanDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') return { url: `sqlite:${join(dataDir, 'wenku.db')}`, dataDir, drop: async () => cleanDir() };
  const schema = `up_${process.pid}_${Date.now()}_${seq++}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: TEST_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE SCHEMA ${schema}`);
  return {
    url: TEST_URL!,
    dataDir,
    schema,
    async drop() {
      await admin(`DROP SCHEMA ${schema} CASCADE`);
      cleanDir();
    },
  };
}

/**
 * A database at `level`, every level's rows inserted right after its migration, as that level's
 * version would have written them: one Migrator run whose migrations are the real ones, each
 * followed by its level's rows (one transaction on PostgreSQL; the same rows either way).
 */
async function grow(where: Place, level: string): Promise<void> {
  const withRows = Object.fromEntries(
    NAMES.map((name) => [
      name,
      {
        ...migrations[name],
        async up(db: Kysely<any>) {
          await migrations[name]!.up(db);
          for (const statement of LEVELS[name]?.sql ?? []) await sql.raw(statement).execute(db);
        },
      },
    ]),
  );
  const db = openDatabase(where.url, { schema: where.schema });
  // the fixture needs no durability: SQLite syncs no commit of it (the upgrade itself runs as served)
  if (!where.schema) await sql`pragma synchronous = off`.execute(db);
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => withRows },
      ...(where.schema ? { migrationTableSchema: where.schema } : {}),
    });
    const { error } = await migrator.migrateTo(level);
    if (error) throw new Error(`growing to ${level}: ${String(error)}`);
  } finally {
    await db.destroy();
  }
}

const checksUpTo = (level: string) => NAMES.slice(0, NAMES.indexOf(level) + 1).flatMap((n) => LEVELS[n]?.check ?? []);

describe.each(DIALECTS)('upgrading a site from every migration level on %s', (dialect) => {
  const places: Place[] = [];
  afterAll(async () => {
    for (const p of places) await p.drop();
  });

  it.each(NAMES)('from %s to the latest, then it answers with the old data', async (level) => {
    const where = await place(dialect);
    places.push(where);
    await grow(where, level);
    const config = loadConfig({
      DATA_DIR: where.dataDir,
      DATABASE_URL: where.url,
      WENKU_SITE_DIR: join(where.dataDir, 'site'),
      WENKU_SITE_REBUILD: '0',
    });
    const { app, ctx } = await bootstrap(config, { schema: where.schema });
    try {
      expect(await appliedMigrations(ctx.db)).toEqual(NAMES);
      const call: Answering['call'] = async ({ token, headers, ...opts }) => {
        const res = await app.inject({
          ...opts,
          headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
        return { status: res.statusCode, body: res.json(), headers: res.headers };
      };
      const login: Answering['login'] = async (username, password) => {
        const res = await call({ method: 'POST', url: '/api/v1/user/login', payload: { username, password } });
        if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.token as string;
      };
      for (const check of checksUpTo(level)) await check({ call, login });
    } finally {
      await app.close();
    }
  });
});
