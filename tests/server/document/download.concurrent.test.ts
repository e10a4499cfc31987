import { expect } from 'vitest';
import { startPeer, type Peer, type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { category, publish, setStatus } from '../support/documents.ts';

// The daily download limits hold exactly when one visitor's requests arrive at once, on one
// instance or (PostgreSQL, the scale-out database) spread over two.

const env = { WENKU_TRUST_PROXY: 'true' };

describeEachDialect('download limits under concurrent requests on %s', { env }, (dialect) => {
  let one: TestApp;
  let two: Peer | null = null;
  let docId = 0;
  onStart(async ({ t, admin, member: uploader }) => {
    one = t;
    // two instances in one test process share one Node thread, which node:sqlite's synchronous
    // busy wait would block: SQLite runs the requests on one instance
    if (dialect === 'postgres') one.closeWith((two = await startPeer(one, env)));
    const doc = await publish(one, uploader.token, [await category(one, admin, '并发下载')]);
    await setStatus(one, doc.id, 2);
    docId = doc.id;
  }, 60_000);

  /** A setting for both instances at once (the peer would see it within a second or two anyway). */
  const setConfig = async (name: string, value: string) => {
    await one.setConfig('download', name, value);
    two?.ctx.settings.invalidate();
  };

  it('lets exactly the allowed number of downloads through per address and per member', async () => {
    await setConfig('times_every_ip', '3');
    const via = (i: number) => (two && i % 2 ? two : one);
    const burst = (n: number, from: string, token?: string) =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
          via(i).call({ url: `/api/v1/document/download?id=${docId}`, token, headers: { 'x-forwarded-for': from } }),
        ),
      );
    const member = await one.member();
    const byIp = (await burst(10, '10.88.0.1', member.token)).map((r) => r.status);
    expect(byIp.filter((s) => s === 200)).toHaveLength(3);
    expect(byIp.filter((s) => s === 403)).toHaveLength(7);

    await setConfig('times_every_ip', '100');
    await setConfig('times_every_day', '2');
    const other = await one.member();
    const byMember = (await burst(8, '10.88.0.2', other.token)).map((r) => r.status);
    expect(byMember.filter((s) => s === 200)).toHaveLength(2);
  });
});
