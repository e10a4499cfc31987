import { expect } from 'vitest';
import { startPeer, type Peer, type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

// Sign-ups from one address arriving at once, on one instance or (PostgreSQL) over two: the
// hourly limit per address (WENKU_REGISTER_PER_IP_HOUR) lets exactly that many through.

const env = { WENKU_REGISTER_PER_IP_HOUR: '3' };

describeEachDialect('registrations at once from one address on %s', { admin: false, member: false, env }, (dialect) => {
  let one: TestApp;
  let two: Peer | null = null;
  onStart(async (ready) => {
    ({ t: one } = ready);
    // two instances in one test process share one Node thread, which node:sqlite's synchronous
    // busy wait would block: SQLite runs the requests on one instance
    if (dialect === 'postgres') one.closeWith((two = await startPeer(one, env)));
  }, 60_000);

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
