import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startPeer, startTestApp, type Peer, type TestApp } from '../support/app.ts';
import { waitFor } from '../support/wait.ts';

// Two instances on one database (or one Redis): a rate limit counts the requests made to both,
// and a setting changed through one is seen by the other within seconds (issue 14).

const REDIS_URL = 'redis://127.0.0.1:6379';
const redisUp = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG';
const VARIANTS: Array<{ name: string; dialect: 'sqlite' | 'postgres'; env: Record<string, string> }> = [
  ...DIALECTS.map((dialect) => ({ name: dialect, dialect, env: {} })),
  ...(redisUp ? [{ name: 'redis', dialect: 'sqlite' as const, env: { REDIS_URL } }] : []),
];
if (!redisUp) console.log('limits.shared: Redis 127.0.0.1:6379 does not answer; the Redis variant is skipped');

// an address of its own per run: Redis keeps counters between runs for their window
const run = (process.pid * 7 + Date.now()) % 250;
let peers = 0;
const freshIp = () => `10.${200 + (++peers % 50)}.${run}.${peers & 255}`;

describe.each(VARIANTS)('limits and settings shared by two instances ($name)', ({ dialect, env }) => {
  let one: TestApp;
  let two: Peer;
  beforeAll(async () => {
    one = await startTestApp(dialect, env);
    two = await startPeer(one, env);
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('counts the captcha limit (30 a minute per address) across both instances', async () => {
    const ip = freshIp();
    const get = (t: TestApp | Peer) => t.call({ url: '/api/v1/user/captcha?type=comment', remoteAddress: ip });
    for (let i = 0; i < 15; i++) {
      expect((await get(one)).status).toBe(200);
      expect((await get(two)).status).toBe(200);
    }
    expect(await get(one)).toMatchObject({ status: 429, body: { code: 8, message: '操作太频繁，请稍后再试' } });
    expect((await get(two)).status).toBe(429);
    // another address is not affected
    expect((await one.call({ url: '/api/v1/user/captcha?type=comment', remoteAddress: freshIp() })).status).toBe(200);
  });

  it('counts concurrent requests to both instances exactly', async () => {
    const ip = freshIp();
    const tries = Array.from({ length: 40 }, (_, i) =>
      (i % 2 ? one : two).call({ url: '/api/v1/user/captcha?type=comment', remoteAddress: ip }),
    );
    const statuses = (await Promise.all(tries)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('counts each route apart: the SMS limit (5 a minute) is its own, shared too', async () => {
    const ip = freshIp();
    for (let i = 0; i < 31; i++) await one.call({ url: '/api/v1/user/captcha?type=comment', remoteAddress: ip });
    // the requests are refused for their bodies, but every one counts
    const sms = (t: TestApp | Peer) => t.call({ method: 'POST', url: '/api/v1/sms', payload: {}, remoteAddress: ip });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await sms(i % 2 ? one : two)).status);
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('shows a setting changed through one instance on the other within two seconds', async () => {
    const admin = await one.adminToken();
    const before = await two.call({ url: '/api/v1/settings' });
    const name = `文库 ${dialect} ${Date.now()}`;
    const list = await one.call({ url: '/api/v1/config/list?category=system', token: admin });
    const row = list.body.config.find((c: { name: string }) => c.name === 'sitename');
    expect(before.body.system.sitename).not.toBe(name);
    const saved = await one.call({
      method: 'PUT',
      url: '/api/v1/config',
      token: admin,
      payload: { config: [{ ...row, value: name }] },
    });
    expect(saved.status).toBe(200);
    const sitename = async () => (await two.call({ url: '/api/v1/settings' })).body.system.sitename;
    await waitFor(async () => (await sitename()) === name, {
      what: 'the other instance to show the new site name',
      timeout: 2500,
      interval: 100,
      explain: sitename,
    });
  });
});
