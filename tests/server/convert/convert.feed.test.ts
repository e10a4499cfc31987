import { afterAll, expect } from 'vitest';
import { followWorkerConversions } from '../../../src/server/convert/converted-feed.ts';
import type { ChangeEvent } from '../../../src/server/events/bus.ts';
import { startPeer, type Peer, type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { addDocument } from '../search/search.support.ts';

// Documents converted by `npm run worker` processes reach no instance's change events: one
// instance at a time follows them and publishes each once (its site renderer and index take it).

describeEachDialect('conversions of separate workers followed by one instance on %s', { admin: false, member: false }, () => {
  let one: TestApp;
  let two: Peer;
  const seen: Array<{ by: string; ids: readonly number[] }> = [];
  const stops: Record<string, () => void> = {};
  onStart(async (ready) => {
    ({ t: one } = ready);
    one.closeWith((two = await startPeer(one)));
    for (const [by, ctx] of [
      ['one', one.ctx],
      ['two', two.ctx],
    ] as const) {
      ctx.events.subscribe((e: ChangeEvent) => void (e.kind === 'document' && seen.push({ by, ids: e.ids })));
      stops[by] = followWorkerConversions(ctx.db, ctx.events, `test-${by}`, { intervalMs: 150 });
    }
  }, 60_000);
  afterAll(() => {
    for (const stop of Object.values(stops)) stop();
  });

  /** What a worker does when it finishes: the document converted, in another process. */
  async function convertedByWorker(title: string, convertedAt = new Date()): Promise<number> {
    const id = await addDocument(one.ctx.db, { title, pages: [`${title}的正文`], status: 1 });
    await one.ctx.db
      .updateTable('documents')
      .set({ status: 2, converted_at: convertedAt.toISOString() })
      .where('id', '=', id)
      .execute();
    return id;
  }
  const publishedFor = (id: number) => seen.filter((s) => s.ids.includes(id));
  const published = (id: number) => expect.poll(() => publishedFor(id).length, { timeout: 4000 }).toBeGreaterThan(0);
  /**
   * Waits until the following instance has looked `n` more times: it renews its lease at the start
   * of every look, and starts one only when the last has ended.
   */
  const looks = async (n: number) => {
    const renewed = async () =>
      Number(
        (await one.ctx.db.selectFrom('leases').select('expires_at').where('name', '=', 'converted-feed').executeTakeFirst())
          ?.expires_at ?? 0,
      );
    for (let i = 0, last = await renewed(); i < n; i++) {
      await expect.poll(renewed, { timeout: 10_000, interval: 20 }).not.toBe(last);
      last = await renewed();
    }
  };

  it('publishes a document a worker converted once, on one instance, and indexes it', async () => {
    await looks(1); // an instance follows
    const id = await convertedByWorker('集群转换跟踪');
    await published(id);
    // a whole look since, by whichever instance follows: still published once
    await looks(2);
    expect(publishedFor(id)).toHaveLength(1);
    const refs = await one.ctx.db
      .selectFrom('search_refs')
      .select('ref_id')
      .where('kind', '=', 'doc')
      .where('ref_id', '=', id)
      .execute();
    expect(refs).toHaveLength(1);
  });

  it('publishes a result that committed after a later one was read', async () => {
    const later = await convertedByWorker('先提交的转换');
    await published(later);
    expect(publishedFor(later)).toHaveLength(1);
    // stamped five seconds earlier, as by a worker whose transaction (page texts and all) took that long
    const late = await convertedByWorker('后提交的转换', new Date(Date.now() - 5000));
    await published(late);
    await looks(2);
    expect(publishedFor(late)).toHaveLength(1);
    expect(publishedFor(later)).toHaveLength(1);
  });

  it('is taken over by the other instance when the following one stops', async () => {
    const first = seen.at(-1)!.by;
    const other = first === 'one' ? 'two' : 'one';
    stops[first]();
    stops[first] = () => undefined;
    const id = await convertedByWorker('接手后的转换');
    await published(id);
    expect(publishedFor(id).map((s) => s.by)).toEqual([other]);
  });
});
