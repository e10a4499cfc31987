import { expect } from 'vitest';
import { type FakeSms } from '../../fakes/fake-sms.ts';
import { startPeer, type Peer, type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { fakeSmsFor, smsCaptcha } from '../support/sms.ts';

// Codes requested at once for one number (each with its own solved captcha) on one instance or,
// on PostgreSQL, spread over two: one a minute goes out, whichever instance takes each request.

describeEachDialect('SMS sends at once on %s', { admin: false, member: false }, (dialect) => {
  let one: TestApp;
  let two: Peer | null = null;
  let fake: FakeSms;
  onStart(async (ready) => {
    ({ t: one } = ready);
    fake = await fakeSmsFor(one);
    // two instances in one test process share one Node thread, which node:sqlite's synchronous
    // busy wait would block: SQLite runs the requests on one instance
    if (dialect === 'postgres') one.closeWith((two = await startPeer(one)));
  }, 60_000);

  it('sends one code per number and interval however many requests arrive together', async () => {
    const mobile = '13912345678';
    const captchas = await Promise.all(Array.from({ length: 6 }, () => smsCaptcha(one)));
    const results = await Promise.all(
      captchas.map((c, i) =>
        (two && i % 2 ? two : one).call({
          method: 'POST',
          url: '/api/v1/sms',
          payload: { mobile, type: 0, ...c },
          remoteAddress: `10.66.0.${i + 1}`,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(fake.sent.filter((m) => m.mobile === mobile)).toHaveLength(1);
  });
});
