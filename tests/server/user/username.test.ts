import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, describe, expect } from 'vitest';
import { migrate, migrations, openDatabase } from '../../../src/server/db/db.ts';
import { assignUsernameKeys } from '../../../src/server/modules/user/username-keys.ts';
import { DIALECTS, type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

const TAKEN = '用户名已存在';
const SIMILAR = '用户名与已有用户名过于相似，请换一个';
const HIDDEN = '用户名不能包含不可见字符、控制字符或文字方向控制符';

describeEachDialect('usernames and registrations on %s', { member: false }, (dialect) => {
  let t: TestApp;
  let admin: string;
  onStart((ready) => ({ t, admin } = ready));

  let peer = 0;
  const register = (username: string, remoteAddress = `10.70.${dialect === 'sqlite' ? 1 : 2}.${++peer}`) =>
    t.call({
      method: 'POST',
      url: '/api/v1/user/register',
      remoteAddress,
      payload: { username, password: 'secret-pass-1', email: `u${Date.now()}${++peer}@example.com` },
    });

  it('refuses another case, width or script of an existing name', async () => {
    for (const name of ['ADMIN', 'Admin', 'Ａｄｍｉｎ', 'ａｄｍｉｎ']) {
      expect(await register(name), name).toMatchObject({ status: 409, body: { code: 6, message: TAKEN } });
    }
    // Cyrillic а, Greek Α/Μ/Ι/Ν, Cyrillic о in a digit's place: they read as admin
    for (const name of ['аdmin', 'ΑDΜΙΝ', 'аdmіn']) {
      expect(await register(name), name).toMatchObject({ status: 409, body: { code: 6, message: SIMILAR } });
    }
    await t.member('paypal');
    for (const name of ['paypa1', 'PAYPAL', 'pаypal', 'рayрal']) expect((await register(name)).status, name).toBe(409);
    // a different name is fine, and so are names in other scripts
    expect((await register('paypal-fan')).status).toBe(200);
    expect((await register('张三丰')).status).toBe(200);
    expect(await register('张三丰')).toMatchObject({ status: 409, body: { message: TAKEN } });
    // the admin screen applies the same rule
    const added = await t.call({
      method: 'POST',
      url: '/api/v1/user',
      token: admin,
      payload: { username: 'PayPal', password: 'secret-pass-1', email: 'pp@example.com', group_id: [2] },
    });
    expect(added).toMatchObject({ status: 409, body: { message: TAKEN } });
  });

  it('refuses invisible, control and direction characters', async () => {
    const names = [
      'ad\u200bmin2', // zero-width space
      'ad\u200dmin2', // zero-width joiner
      '\u202eadmin2', // right-to-left override
      'ad\u2066min2\u2069', // isolate
      'ad\u200fmin2', // right-to-left mark
      'ad\u00admin2', // soft hyphen
      'ad\u3164min2', // Hangul filler
      'ad\u00a0min2', // no-break space
      'ad\tmin2',
      'ad\ufeffmin2',
    ];
    for (const name of names) {
      expect(await register(name), JSON.stringify(name)).toMatchObject({ status: 400, body: { code: 3, message: HIDDEN } });
    }
    expect(await register('me＠host.cn')).toMatchObject({ status: 400, body: { message: '用户名不能是邮箱或手机号' } });
    expect((await register('plain name')).status).toBe(200);
  });

  it('keeps the name as typed and lets its owner log in with any case or width', async () => {
    const res = await register('MixedCase');
    expect(res.body.user.username).toBe('MixedCase');
    for (const typed of ['MixedCase', 'mixedcase', 'MIXEDCASE', 'ＭｉｘｅｄＣａｓｅ']) {
      const login = await t.call({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { username: typed, password: 'secret-pass-1' },
      });
      expect(login.status, typed).toBe(200);
      expect(login.body.user.username).toBe('MixedCase');
    }
    // a look-alike is not a way to type the name
    const alike = await t.call({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { username: 'MixedCаse', password: 'secret-pass-1' },
    });
    expect(alike.body.message).toBe('用户名或密码错误');
  });

  it('limits registrations per address and hour; failed attempts do not count', async () => {
    const office = '10.71.0.1';
    expect((await register('admin', office)).status).toBe(409);
    for (let i = 0; i < 10; i++) expect((await register(`office${i}`, office)).status, `office${i}`).toBe(200);
    expect(await register('office10', office)).toMatchObject({
      status: 429,
      body: { code: 8, message: '该网络注册账号过于频繁，请稍后再试' },
    });
    expect((await register('office10')).status).toBe(200);
    // an hour later the address may register again
    await t.ctx.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - 3601_000).toISOString() })
      .where('register_ip', '=', office)
      .execute();
    expect((await register('office11', office)).status).toBe(200);
  });
});

describe.each(DIALECTS)('the username key migration on %s', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'wenku-usernames-'));
  const schema = `u_${process.pid}_${Date.now()}`;
  const url = dialect === 'postgres' ? process.env.TEST_DATABASE_URL! : `sqlite:${join(dir, 'old.db')}`;
  const admin = async (q: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(q);
    await client.end();
  };
  afterAll(async () => {
    if (dialect === 'postgres') await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('keys the names of an older database, keeping clashing ones usable', async () => {
    if (dialect === 'postgres') await admin(`CREATE SCHEMA ${schema}`);
    const db = openDatabase(url, dialect === 'postgres' ? { schema } : {});
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        ...(dialect === 'postgres' ? { migrationTableSchema: schema } : {}),
      });
      expect((await migrator.migrateTo('010_search_grams')).error).toBeUndefined();
      const now = new Date().toISOString();
      const row = (username: string) => ({
        username,
        password: '',
        email: '',
        mobile: '',
        address: '',
        signature: '',
        avatar: '',
        identity: '',
        realname: '',
        remark: '',
        last_login_ip: '',
        register_ip: '',
        doc_count: 0,
        follow_count: 0,
        fans_count: 0,
        favorite_count: 0,
        comment_count: 0,
        article_count: 0,
        credit_count: 0,
        login_at: null,
        created_at: now,
        updated_at: now,
      });
      // before the key, these three could all exist
      await db
        .insertInto('users')
        .values([row('Bob'), row('bob'), row('Воb')])
        .execute();
      await migrate(db, dialect === 'postgres' ? schema : undefined);
      const keys = await db.selectFrom('users').select(['username', 'username_key']).orderBy('id').execute();
      expect(keys).toEqual([
        { username: 'Bob', username_key: 'bob' },
        { username: 'bob', username_key: expect.stringMatching(/^bob\n\d+$/) },
        { username: 'Воb', username_key: expect.stringMatching(/^bob\n\d+$/) },
      ]);
      // a row overwritten behind the repository's back (the moredoc import) gets its key again
      await db.updateTable('users').set({ username: 'Carol' }).where('username', '=', 'Bob').execute();
      expect(await assignUsernameKeys(db)).toBe(2);
      const again = await db.selectFrom('users').select(['username', 'username_key']).orderBy('id').execute();
      expect(again.map((r) => r.username_key)).toEqual(['carol', 'bob', expect.stringMatching(/^bob\n\d+$/)]);
      expect(await assignUsernameKeys(db)).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
