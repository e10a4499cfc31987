import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createLog, loggableUrl } from '../../../src/server/log.ts';
import { flushHourly, hourOf, lastHours, pruneHourly } from '../../../src/server/metrics/hourly.ts';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

const TOKEN = 'metrics-secret-token';

/** The value of one sample of the Prometheus text (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (want.every((l) => line.includes(l))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

const METRICS_ENV = { WENKU_METRICS_TOKEN: TOKEN, WENKU_METRICS_ALLOW: '10.9.8.7' };

describeEachDialect('GET /metrics on %s', { admin: false, member: false, env: METRICS_ENV }, (dialect) => {
  let t: TestApp;
  onStart((ready) => ({ t } = ready));
  const scrape = async () => {
    const res = await t.call({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/plain');
    return res.body as string;
  };

  it('answers the token or an allowed address, nobody else', async () => {
    expect((await t.call({ url: '/metrics' })).status).toBe(403);
    expect((await t.call({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).status).toBe(403);
    expect((await t.call({ url: '/metrics', remoteAddress: '10.9.8.7' })).status).toBe(200);
  });

  it('counts requests by route pattern, search latency, refusals and payment notifies; reads the state gauges', async () => {
    const before = await scrape();
    const route = { route: '/api/v1/document/search', method: 'GET', status: '200' };
    for (let i = 0; i < 3; i++) expect((await t.call({ url: `/api/v1/document/search?wd=测试${i}` })).status).toBe(200);
    // six sends of a code limited to five a minute: one refusal
    for (let i = 0; i < 6; i++)
      await t.call({ method: 'POST', url: '/api/v1/user/email/code', payload: { email: 'x@example.com' } });
    await t.call({
      method: 'POST',
      url: '/api/v1/callback/alipay',
      payload: 'out_trade_no=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const after = await scrape();

    expect(sample(after, 'wenku_http_requests_total', route) - sample(before, 'wenku_http_requests_total', route)).toBe(3);
    expect(
      sample(after, 'wenku_http_request_duration_seconds_count', { route: '/api/v1/document/search' }),
    ).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'wenku_search_duration_seconds_count', { type: 'document' })).toBe(3);
    expect(sample(after, 'wenku_rate_limit_refusals_total', { route: '/api/v1/user/email/code' })).toBe(1);
    expect(sample(after, 'wenku_payment_notifies_total', { provider: 'alipay', outcome: 'disabled' })).toBe(1);
    // the state read at the scrape
    expect(after).toMatch(/^wenku_convert_queue_depth 0$/m);
    expect(after).toMatch(/^wenku_convert_running 0$/m);
    expect(sample(after, 'wenku_disk_free_bytes', { folder: 'data' })).toBeGreaterThan(0);
    expect(sample(after, 'wenku_disk_free_bytes', { folder: 'storage' })).toBeGreaterThan(0);
    if (dialect === 'sqlite') expect(after).toMatch(/^wenku_sqlite_wal_bytes \d+$/m);
    else expect(sample(after, 'wenku_db_pool_connections', { pool: 'main', state: 'total' })).toBeGreaterThan(0);
    // the process's own figures
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes']) {
      expect(sample(after, name), name).toBeGreaterThan(-1);
      expect(after).toContain(`# TYPE ${name}`);
    }
  });

  it('adds the hour figures of every process in metric_hours; the dashboard reads the last 24 hours', async () => {
    const now = Date.parse('2026-11-28T10:30:00Z');
    t.ctx.metrics.hourly.requests += 5;
    t.ctx.metrics.hourly.errors += 1;
    await flushHourly(t.ctx.db, t.ctx.metrics, now);
    // a second process (a converter) adds its own to the same hour
    t.ctx.metrics.observeConversion('.docx', true, 3);
    t.ctx.metrics.observeConversion('.pdf', false, 1);
    await flushHourly(t.ctx.db, t.ctx.metrics, now + 60_000);
    expect(t.ctx.metrics.hourly).toMatchObject({ conversions_done: 0, conversions_failed: 0 });
    const hours = await lastHours(t.ctx.db, 24, now);
    expect(hours).toHaveLength(24);
    expect(hours[23].hour).toBe(hourOf(now));
    expect(hours[23]).toMatchObject({ conversions_done: 1, conversions_failed: 1, errors: 1 });
    expect(hours[23].requests).toBeGreaterThanOrEqual(5);
    expect(hours[0].requests).toBe(0);
    // rows older than a week go
    await pruneHourly(t.ctx.db, 7, now + 8 * 86_400_000);
    expect((await lastHours(t.ctx.db, 24, now)).every((h) => h.requests === 0)).toBe(true);
  });
});

describeEachDialect('GET /api/v1/operations (the dashboard figures) on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  onStart((ready) => ({ t } = ready));

  it('shows the last 24 hours from the same counters, the queue and free disk; only to holders of the permission', async () => {
    const member = await t.member();
    expect((await t.call({ url: '/api/v1/operations', token: member.token })).status).toBe(403);
    expect((await t.call({ url: '/api/v1/operations' })).status).toBe(401);
    const admin = await t.adminToken();
    await t.call({ url: '/api/v1/settings' });
    t.ctx.metrics.observeConversion('.pdf', false, 1);
    const res = await t.call({ url: '/api/v1/operations', token: admin });
    expect(res.status).toBe(200);
    const hours = res.body.hours as Array<Record<string, number>>;
    expect(hours).toHaveLength(24);
    // not flushed yet: this process's own counts since its last flush are included
    expect(hours[23].requests).toBeGreaterThanOrEqual(3);
    expect(hours[23].conversions_failed).toBe(1);
    await flushHourly(t.ctx.db, t.ctx.metrics);
    const again = await t.call({ url: '/api/v1/operations', token: admin });
    expect(again.body.hours[23].conversions_failed).toBe(1);
    expect(again.body.queue ?? {}).toEqual({});
    expect(again.body.disk.map((d: { folder: string }) => d.folder)).toEqual(['data', 'storage']);
    expect(again.body.disk[0].free).toBeGreaterThan(0);
  });

  it('does not count the 站点正在构建 page of a site not built yet (503) as a server error', async () => {
    const admin = await t.adminToken();
    // a zero is left out of replies
    const errors = async () => (await t.call({ url: '/api/v1/operations', token: admin })).body.hours[23].errors ?? 0;
    const before = await errors();
    const building = await t.call({ url: '/' });
    expect(building.status).toBe(503);
    expect(String(building.body)).toContain('站点正在构建');
    expect(await errors()).toBe(before);
  });
});

describe('no /metrics unless configured', () => {
  it('is not served on a default installation', async () => {
    const t = await startTestApp();
    try {
      const res = await t.call({ url: '/metrics' });
      expect(res.status).not.toBe(200);
      expect(String(res.body)).not.toContain('wenku_http_requests_total');
    } finally {
      await t.close();
    }
  });
});

describe('request logs', () => {
  let t: TestApp;
  let written = '';
  const lines = () =>
    written
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        written += chunk.toString();
        done();
      },
    });
    t = await startTestApp('sqlite', {}, { log: createLog('info', sink) });
  });
  afterAll(() => t.close());

  it('writes one JSON line per request, with the id the answer carries in X-Request-Id', async () => {
    const res = await t.call({ url: '/api/v1/settings' });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[\w.:-]{8,64}$/);
    const mine = lines().filter((l) => l.reqId === id);
    expect(mine).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request',
        method: 'GET',
        url: '/api/v1/settings',
        route: '/api/v1/settings',
        status: 200,
      }),
    ]);
    expect(typeof mine[0].ms).toBe('number');
    // a front proxy's id is kept
    const given = await t.call({ url: '/api/v1/settings', headers: { 'x-request-id': 'nginx-0123456789abcdef' } });
    expect(given.headers['x-request-id']).toBe('nginx-0123456789abcdef');
    expect(lines().some((l) => l.reqId === 'nginx-0123456789abcdef')).toBe(true);
  });

  it('never writes a password, a token or a signed link', async () => {
    const member = await t.member('log-member', 'member-secret-pass');
    const token = await t.login('log-member', 'member-secret-pass');
    await t.call({ url: '/api/v1/user', token });
    await t.call({
      method: 'PUT',
      url: '/api/v1/user/password',
      token,
      payload: { old_password: 'member-secret-pass', new_password: 'newer-secret-pass' },
    });
    const admin = await t.adminToken();
    await t.call({ method: 'DELETE', url: `/api/v1/user?id=${member.id}&password=${ADMIN_PASSWORD}`, token: admin });
    await t.call({ url: '/download/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZWNyZXQifQ.c2lnbmF0dXJlLXNlY3JldA' });
    await t.call({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'admin', password: 'wrong-secret-pass' } });
    expect(lines().length).toBeGreaterThanOrEqual(7);
    for (const secret of [
      'member-secret-pass',
      'newer-secret-pass',
      ADMIN_PASSWORD,
      'wrong-secret-pass',
      token,
      admin,
      member.token,
      'c2lnbmF0dXJlLXNlY3JldA',
    ]) {
      expect(written).not.toContain(secret);
    }
    expect(lines().find((l) => String(l.url).startsWith('/api/v1/user?id='))?.url).toBe(
      `/api/v1/user?id=${member.id}&password=%5B%E5%B7%B2%E9%9A%90%E8%97%8F%5D`,
    );
    expect(lines().find((l) => l.route === '/download/*')?.url).toBe('/download/[已隐藏]');
  });

  it('hides secret query parameters and route parameters', () => {
    expect(loggableUrl('/a?wd=书&token=abc&page=2', '/a', {})).toBe(
      '/a?wd=%E4%B9%A6&token=%5B%E5%B7%B2%E9%9A%90%E8%97%8F%5D&page=2',
    );
    expect(loggableUrl('/download/xyz.abc', '/download/*', { '*': 'xyz.abc' })).toBe('/download/[已隐藏]');
    expect(loggableUrl('/x/abc', '/x/:token', { token: 'abc' })).toBe('/x/[已隐藏]');
    expect(loggableUrl('/view/page/abc/1', '/view/page/:hash/:page', { hash: 'abc', page: '1' })).toBe('/view/page/abc/1');
  });
});

describe('CORS for /api/v1 (WENKU_CORS_ORIGINS)', () => {
  const ORIGIN = 'https://web.example.com';
  let t: TestApp;
  let closed: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { WENKU_CORS_ORIGINS: `${ORIGIN}, https://other.example.com/` });
    closed = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await closed?.close();
  });
  const preflight = (app: TestApp, origin: string) =>
    app.call({
      method: 'OPTIONS',
      url: '/api/v1/user',
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
    });

  it('answers the preflight of a listed origin with the moredoc client headers', async () => {
    const res = await preflight(t, ORIGIN);
    expect(res.status).toBe(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': ORIGIN,
      'access-control-allow-headers': 'authorization,content-type',
      'access-control-max-age': '43200',
    });
    expect(String(res.headers['access-control-allow-methods'])).toContain('PUT');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect((await preflight(t, 'https://other.example.com')).headers['access-control-allow-origin']).toBe(
      'https://other.example.com',
    );
  });

  it('lets the listed origin call with a token, and no other origin', async () => {
    const token = await t.adminToken();
    const res = await t.call({ url: '/api/v1/user', token, headers: { origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'admin' });
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(res.headers['access-control-expose-headers'])).toContain('x-request-id');
    const stranger = await t.call({ url: '/api/v1/user', token, headers: { origin: 'https://evil.example.com' } });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(t, 'https://evil.example.com')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('is off by default: no CORS headers, the preflight finds no route', async () => {
    const res = await preflight(closed, ORIGIN);
    expect(res.status).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
