import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap, type Booted } from '../../../src/server/bootstrap.ts';
import { loadConfig } from '../../../src/server/config.ts';

// Several instances started at once on a fresh PostgreSQL database (a deployment's first start):
// one migrates and seeds while the others wait, and all end up with the same admin and JWT secret.

const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('startup.concurrent: TEST_DATABASE_URL is not set; skipped (PostgreSQL only)');

describe.skipIf(!url)('instances starting together on a fresh PostgreSQL database', () => {
  const schema = `startup_${process.pid}_${Date.now()}`;
  const dirs: string[] = [];
  const booted: Booted[] = [];
  afterAll(async () => {
    for (const b of booted) await b.app.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('migrate and seed one after another, sharing one admin and one JWT secret', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    const start = () => {
      const dir = mkdtempSync(join(tmpdir(), 'wenku-startup-'));
      dirs.push(dir);
      return bootstrap(
        loadConfig({
          DATA_DIR: dir,
          DATABASE_URL: url!,
          WENKU_DB_SCHEMA: schema,
          WENKU_ADMIN_PASSWORD: 'startup-pass-1',
          WENKU_SITE_REBUILD: '0',
        }),
      );
    };
    const results = await Promise.allSettled([start(), start(), start()]);
    for (const r of results) if (r.status === 'fulfilled') booted.push(r.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    expect(booted.filter((b) => b.seeded.admin).length).toBe(1);
    // a token signed by one instance is accepted by the others (login without its captcha here)
    await booted[0].ctx.db.updateTable('configs').set({ value: 'false' }).where('name', '=', 'enable_captcha_login').execute();
    booted[0].ctx.settings.invalidate();
    const login = await booted[0].app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { username: 'admin', password: 'startup-pass-1' },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ token: string }>().token;
    for (const b of booted.slice(1)) {
      const me = await b.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(200);
    }
  }, 60_000);
});
