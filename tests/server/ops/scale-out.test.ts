import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, md5 } from '../convert/convert.support.ts';
import { pageUrl } from '../../../src/views/document/reader.ts';
import { fileForm, uniquePdf } from '../support/documents.ts';
import { startTestS3, type TestS3 } from '../support/s3.ts';
import { startCluster, type Cluster } from '../support/cluster.ts';
import { waitFor } from '../support/wait.ts';

// Issue 14's deployment on one machine: s3rver, PostgreSQL, two instances and two `npm run worker`
// processes behind nginx with the documented upstream (docs/nginx/wenku-cluster.conf).

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const pgUp = await reachable(DATABASE_URL);
const nginxUp = spawnSync('sh', ['-c', 'command -v nginx || test -x /usr/sbin/nginx']).status === 0;
const skip = !pgUp ? `PostgreSQL does not answer at ${DATABASE_URL}` : !nginxUp ? 'nginx is not installed' : '';
if (skip) console.log(`scale-out test skipped: ${skip}`);

/** A PDF of `copies` × 8 pages (mutool merge of the fixture): long enough to be caught mid-conversion. */
async function manyPages(dir: string, copies: number): Promise<Buffer> {
  const one = join(dir, 'eight.pdf');
  writeFileSync(one, fixture('chinese-8pages.pdf'));
  const out = join(dir, `long-${copies}.pdf`);
  const res = spawnSync('mutool', ['merge', '-o', out, ...Array<string>(copies).fill(one)], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`mutool merge: ${res.stderr}`);
  return readFileSync(out);
}

const ADMIN_PASSWORD = 'cluster-admin-1';
const searchFollows = { timeout: 30_000, interval: 200 };

describe.skipIf(Boolean(skip))('two instances and two workers behind nginx on PostgreSQL and S3', () => {
  let s3: TestS3;
  let cluster: Cluster;
  let work: string;
  let admin = '';
  const member = { username: `scale${process.pid % 10000}`, password: 'member-pass-9', token: '' };
  let categoryId = 0;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'wenku-cluster-'));
    // as /srv/wenku in docs/deployment.md: nginx's workers (www-data) reach the shared site folder; each
    // instance's data folder inside stays private (0700: the site is not in it)
    chmodSync(work, 0o755);
    s3 = await startTestS3();
    const site = join(work, 'site', 'current');
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>文库</title>');
    cluster = await startCluster({
      work,
      databaseUrl: DATABASE_URL,
      env: {
        STORAGE: `s3://${s3.bucket}/site`,
        ...s3.env,
        WENKU_ADMIN_PASSWORD: ADMIN_PASSWORD,
        WENKU_SITE_DIR: site,
        WENKU_SITE_REBUILD: '0',
        WENKU_CONVERTER: '0',
        // a killed worker's job is taken over after 3 s (default: twice the conversion timeout)
        WENKU_CONVERTER_LEASE_MS: '3000',
      },
    });
    // registration and login without captchas, as the other server tests run
    await cluster.sql(
      `update configs set value = 'false' where category = 'security' and name in ('enable_captcha_login', 'enable_captcha_register')`,
    );
    // every page rendered (not the first 12): the long document of the worker test takes seconds
    await cluster.sql(`update configs set value = '0' where category = 'converter' and name = 'max_preview'`);
    // members' documents go straight to the converter, without review
    await cluster.sql(`update groups set enable_document_review = 0`);
    // each process keeps the settings it read for a second (ConfigStore) before it looks at the
    // change counter again: the instances are asked until both show the captchas off (the workers
    // read max_preview at their first conversion, later than that)
    for (const i of [1, 2] as const)
      await waitFor(
        async () => {
          const { security } = (await cluster.api(i, 'GET', '/api/v1/settings')).body;
          return !security.enable_captcha_login && !security.enable_captcha_register;
        },
        { what: `instance ${i} to see the captchas off`, timeout: 10_000 },
      );
    admin = await cluster.login(1, 'admin', ADMIN_PASSWORD);
    const reg = await cluster.api(1, 'POST', '/api/v1/user/register', {
      body: { username: member.username, password: member.password, email: `${member.username}@example.com` },
    });
    expect(reg.status).toBe(200);
    member.token = reg.body.token;
    const cat = await cluster.api(1, 'POST', '/api/v1/category', {
      token: admin,
      body: { title: '集群', parent_id: 0, enable: true },
    });
    expect(cat.status).toBe(200);
    categoryId = Number((await cluster.sql(`select id from categories where title = '集群'`))[0].id);
  }, 90_000);

  afterAll(async () => {
    if (process.env.WENKU_CLUSTER_LOG) writeFileSync(process.env.WENKU_CLUSTER_LOG, cluster?.logs() ?? '');
    await cluster?.close();
    await s3?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** Uploads a file as the member through instance `via` and publishes it; the document's id. */
  async function publish(via: 1 | 2, data: Buffer, name: string): Promise<number> {
    const form = await fileForm(data, name);
    const up = await fetch(`${cluster.instanceUrl(via)}/api/v1/upload/document`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${member.token}` },
      body: new Uint8Array(form.payload),
    });
    const uploaded = (await up.json()) as { data: { id: number } };
    expect(up.status).toBe(200);
    const res = await cluster.api(via, 'POST', '/api/v1/document', {
      token: member.token,
      body: { category_id: [categoryId], document: [{ title: name, attachment_id: uploaded.data.id, price: 0 }] },
    });
    expect(res.status).toBe(200);
    return res.body.document[0].id as number;
  }

  const documentRow = async (id: number) =>
    (await cluster.sql(`select status, pages, lease_owner, convert_attempts from documents where id = ${id}`))[0];

  const convertedWithin = (id: number, ms: number) =>
    waitFor(
      async () => {
        const row = await documentRow(id);
        return Number(row.status) === 2 && row;
      },
      {
        what: `document ${id} converted`,
        timeout: ms,
        interval: 200,
        explain: async () => `${JSON.stringify(await documentRow(id))}\n${cluster.logs()}`,
      },
    );

  it('converts an upload made through instance 1 and serves it, read and downloaded, through instance 2', async () => {
    const data = uniquePdf();
    const id = await publish(1, data, '集群测试.pdf');
    await convertedWithin(id, 30_000);
    const doc = await cluster.api(2, 'GET', `/api/v1/document?id=${id}`, { token: member.token });
    expect(doc.status).toBe(200);
    expect(doc.body).toMatchObject({ id, status: 2, pages: 1 });
    // the page image, from the bucket, through instance 2 (fetch undoes a gzip encoding)
    expect(doc.body.attachment.hash).toBe(md5(data));
    const page = await fetch(`${cluster.instanceUrl(2)}${pageUrl(doc.body, 1)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<svg');
    const link = await cluster.api(2, 'GET', `/api/v1/document/download?id=${id}`, { token: member.token });
    expect(link.status).toBe(200);
    const file = await fetch(new URL(link.body.url as string, cluster.instanceUrl(2)));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(data)).toBe(true);
    // one instance followed the worker's conversion: the document is found through either
    const found = async () =>
      (await cluster.api(2, 'GET', `/api/v1/document/search?wd=${encodeURIComponent('集群测试')}`)).body.document ?? [];
    // the index follows the worker's conversion on a poll of the converted feed: the next one, or the
    // one after when that poll read the documents' counter, moved by the worker's update, before the
    // worker's transaction committed (converted-feed.ts reads once more after a move)
    await expect.poll(async () => (await found()).map((d: { id: number }) => d.id), searchFollows).toEqual([id]);
  }, 120_000);

  it('shows a setting changed on instance 2 on instance 1 within seconds', async () => {
    const token = await cluster.login(2, 'admin', ADMIN_PASSWORD);
    const list = await cluster.api(2, 'GET', '/api/v1/config/list?category=system', { token });
    const row = list.body.config.find((c: { name: string }) => c.name === 'sitename');
    const name = `集群文库 ${Date.now()}`;
    expect((await cluster.api(2, 'PUT', '/api/v1/config', { token, body: { config: [{ ...row, value: name }] } })).status).toBe(
      200,
    );
    const sitename = async () => (await cluster.api(1, 'GET', '/api/v1/settings')).body.system.sitename;
    await waitFor(async () => (await sitename()) === name, {
      what: 'instance 1 to show the new site name',
      timeout: 3000,
      interval: 100,
      explain: sitename,
    });
  });

  it('counts failed logins made to both instances against one limit', async () => {
    // the same visitor (nginx passes its address on) guessing one account on both instances:
    // after five failures in all (three on one instance, two on the other) both ask for a captcha
    const from = { 'x-forwarded-for': '10.77.1.2' };
    const attempt = (i: 1 | 2, password: string) =>
      cluster.api(i, 'POST', '/api/v1/user/login', { headers: from, body: { username: member.username, password } });
    for (let i = 0; i < 5; i++) {
      expect(await attempt(i % 2 ? 2 : 1, `wrong-${i}`)).toMatchObject({ status: 400, body: { message: '用户名或密码错误' } });
    }
    for (const i of [1, 2] as const) {
      expect(await attempt(i, member.password)).toMatchObject({
        status: 400,
        body: { message: '登录失败次数较多，请输入验证码后再登录' },
      });
    }
  });

  it('finishes the job of a worker killed mid-conversion on the other worker', async () => {
    // worker 2 is paused so that worker 1 takes the job; it is killed while it holds the lease
    cluster.pauseWorker(2);
    const id = await publish(2, await manyPages(work, 12), '长文档.pdf');
    await waitFor(async () => Number((await documentRow(id)).status) === 1, {
      what: 'worker 1 to take the long document',
      timeout: 20_000,
      interval: 10,
    });
    cluster.pauseWorker(1);
    await cluster.killWorker(1);
    const after = await documentRow(id);
    expect(Number(after.status)).toBe(1); // killed mid-job: the document is still converting
    const deadOwner = String(after.lease_owner);
    cluster.resumeWorker(2);
    const done = await convertedWithin(id, 40_000);
    expect(Number(done.pages)).toBe(96);
    expect(Number(done.convert_attempts)).toBe(2);
    expect(deadOwner).not.toBe('');
  }, 90_000);

  it('loses no request nginx can retry when an instance is killed', async () => {
    const proxy = cluster.proxyUrl();
    const paths = ['/api/v1/settings', '/api/v1/document/list?page=1&size=5', '/healthz', '/'];
    const results: number[] = [];
    let sent = 0;
    const client = async () => {
      while (sent < 300) {
        const n = sent++;
        if (n === 100) await cluster.killInstance(1);
        const res = await fetch(`${proxy}${paths[n % paths.length]}`);
        await res.arrayBuffer();
        results.push(res.status);
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    expect(results).toHaveLength(300);
    expect(results.filter((s) => s !== 200)).toEqual([]);
    // and instance 2 alone serves the member
    const me = await fetch(`${proxy}/api/v1/user`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(me.status).toBe(200);
  }, 60_000);
});
