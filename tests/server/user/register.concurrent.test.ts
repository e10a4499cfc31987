import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startPeer, startTestApp, type Peer, type TestApp } from '../support/app.ts';

// Sign-ups from one address arriving at once, on one instance or (PostgreSQL) over two: the
// hourly limit per address (WENKU_REGISTER_PER_IP_HOUR) lets exactly that many through.

describe.each(DIALECTS)('registrations at once from one address on %s', (dialect) => {
  let one: TestApp;
  let two: Peer | null = null;
  beforeAll(async () => {
    one = await startTestApp(dialect, { WENKU_REGISTER_PER_IP_HOUR: '3' });
    // two instances in one test process share one Node thread, which node:sqlite's synchronous
    // busy wait would block: SQLite runs the requests on one instance
    if (dialect === 'postgres') two = await startPeer(one, { WENKU_REGISTER_PER_IP_HOUR: '3' });
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('creates as many accounts as the limit allows, refusing the rest with 429', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (two && i % 2 ? two : one).call({
          method: 'POST',
          url: '/api/v1/user/register',
          payload: { username: `burst${i}`, password: 'burst-pass-1', email: `burst${i}@example.com` },
          remoteAddress: '10.55.0.1',
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const rows = await one.ctx.db.selectFrom('users').select('id').where('register_ip', '=', '10.55.0.1').execute();
    expect(rows).toHaveLength(3);
  }, 60_000);
});
