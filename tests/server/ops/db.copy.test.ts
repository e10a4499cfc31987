import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { postComment, trustedMember } from '../support/comment-fixtures.ts';
import { ADMIN_PASSWORD, type TestApp } from '../support/app.ts';
import { category, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, it, onStart, type StartOptions } from '../support/fixture.ts';
import { cli, listRoutes, pgQuery, pgSchema, siteEnv, startOn } from '../support/site-copy.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

/** Every list answer of `site`, as a visitor and as admin, keyed by route. */
async function answers(
  routes: string[],
  call: (url: string, token?: string) => Promise<{ status: number; body: string }>,
  admin: string,
) {
  const out: Record<string, { status: number; body: string }> = {};
  for (const url of routes) {
    out[`${url} 游客`] = await call(url);
    out[`${url} 管理员`] = await call(url, admin);
  }
  return out;
}

/** A SQLite site, copied to PostgreSQL (when there is one to copy to) and back. */
const SOURCE: StartOptions = {
  admin: false,
  member: false,
  skip: !PG_URL,
  sqliteOnly: 'the copy starts from a SQLite site: PostgreSQL is where it goes',
};

describeEachDialect('wenku db copy: SQLite → PostgreSQL → SQLite', SOURCE, () => {
  let t: TestApp;
  const work = mkdtempSync(join(tmpdir(), 'wenku-dbcopy-'));
  const schemas: string[] = [];
  onStart((started) => {
    ({ t } = started);
    t.closeWith({
      async close() {
        for (const s of schemas) await pgQuery(`drop schema if exists ${s} cascade`);
        rmSync(work, { recursive: true, force: true });
      },
    });
  });

  it('copies every row with its id, prints counts and checksums, rebuilds search, and the copy answers alike', async () => {
    const admin = await t.adminToken();
    const cat = await category(t, admin, '迁库');
    for (let i = 0; i < 3; i++) await setStatus(t, (await publish(t, admin, [cat], { title: `迁库文档${i}` })).id, 2);
    const member = await trustedMember(t);
    await postComment(t, member.token, { document_id: 1, content: '迁库评论' });
    // a deleted last user: its id is never handed out again on the copy either
    const gone = await t.member();
    await t.ctx.db.deleteFrom('users').where('id', '=', gone.id).execute();

    const schema = await pgSchema();
    schemas.push(schema);
    const toPg = await cli(siteEnv(t.dataDir), 'db', 'copy', '--to', PG_URL!, '--schema', schema);
    expect(toPg.stdout).toMatch(/users\s+\d+\s+[0-9a-f]{16}\s+一致/);
    expect(toPg.stdout).toContain('两边各表行数与校验和一致');
    expect(toPg.stdout).toContain('搜索索引已重建');

    const onPg = await startOn(join(work, 'pg-data'), schema);
    const routes = listRoutes(t);
    try {
      // the JWT secret is copied too: the session signed by the source is valid on the copy (a sign-in would move login_at)
      expect(await answers(routes, onPg.call, admin)).toEqual(
        await answers(
          routes,
          async (url, token) => {
            const r = await t.call({ url, token });
            return { status: r.status, body: JSON.stringify(r.body) };
          },
          admin,
        ),
      );
      expect((await onPg.login(member.username, 'member-pass-1')).statusCode).toBe(200);
      expect((await onPg.call(`/api/v1/document/search?wd=${encodeURIComponent('迁库文档2')}`)).body).toContain('迁库文档2');
      const next = await onPg.app.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { username: 'on_pg', password: 'member-pass-1', email: 'on_pg@example.com' },
      });
      expect(JSON.parse(next.body).user.id).toBe(gone.id + 1);
    } finally {
      await onPg.app.close();
    }

    // and back: PostgreSQL → a new SQLite file
    const back = join(work, 'back');
    const toSqlite = await cli(siteEnv(back, schema), 'db', 'copy', '--to', `sqlite:${join(back, 'wenku.db')}`);
    expect(toSqlite.stdout).toContain('两边各表行数与校验和一致');
    const onSqlite = await startOn(back);
    try {
      const adminBack = JSON.parse((await onSqlite.login('admin', ADMIN_PASSWORD)).body).token as string;
      const users = await onSqlite.call('/api/v1/user/list?size=100', adminBack);
      expect(JSON.parse(users.body).user.map((u: { username: string }) => u.username)).toContain('on_pg');
      expect((await onSqlite.login('on_pg', 'member-pass-1')).statusCode).toBe(200);
    } finally {
      await onSqlite.app.close();
    }
  }, 240_000);

  it('refuses a target holding data unless --force, and a copy that fails leaves the target as it was', async () => {
    const schema = await pgSchema();
    schemas.push(schema);
    await cli(siteEnv(t.dataDir), 'db', 'copy', '--to', PG_URL!, '--schema', schema);
    await expect(cli(siteEnv(t.dataDir), 'db', 'copy', '--to', PG_URL!, '--schema', schema)).rejects.toMatchObject({
      stderr: expect.stringMatching(/目标数据库不是空的[\s\S]*用户 \d+[\s\S]*--force/),
    });
    // the target rejects one row of the source: the whole copy is undone
    await t.member('refused_row');
    await pgQuery(`alter table ${schema}.users add constraint no_refused check (username <> 'refused_row')`);
    const before = await countUsers(schema);
    await expect(cli(siteEnv(t.dataDir), 'db', 'copy', '--to', PG_URL!, '--schema', schema, '--force')).rejects.toMatchObject({
      stderr: expect.stringContaining('no_refused'),
    });
    expect(await countUsers(schema)).toBe(before);
  }, 120_000);
});

async function countUsers(schema: string): Promise<number> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return Number((await c.query(`select count(*) as n from ${schema}.users`)).rows[0].n);
  } finally {
    await c.end();
  }
}
