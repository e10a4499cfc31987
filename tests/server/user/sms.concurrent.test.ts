import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSms, type FakeSms } from '../../fakes/fake-sms.ts';
import { DIALECTS, startPeer, startTestApp, type Peer, type TestApp } from '../support/app.ts';
import { smsCaptcha, useFakeSms } from '../support/sms.ts';

// Codes requested at once for one number (each with its own solved captcha) on one instance or,
// on PostgreSQL, spread over two: one a minute goes out, whichever instance takes each request.

describe.each(DIALECTS)('SMS sends at once on %s', (dialect) => {
  let one: TestApp;
  let two: Peer | null = null;
  let fake: FakeSms;
  beforeAll(async () => {
    one = await startTestApp(dialect);
    fake = await startFakeSms();
    await useFakeSms(one, fake);
    // two instances in one test process share one Node thread, which node:sqlite's synchronous
    // busy wait would block: SQLite runs the requests on one instance
    if (dialect === 'postgres') two = await startPeer(one);
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await fake?.close();
  });

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
