import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { serverLongTail } from '../../../src/server/site/site.hooks.ts';
import { READ_STEP_MS } from '../../../src/server/site/site.long-tail.ts';
import type { TestApp } from '../support/app.ts';
import { insertDoc } from '../support/comment-fixtures.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

// The long tail's disk limit on a real server and database: document pages rendered on a reader's
// first request are recorded with their size, reads over HTTP count, and past the limit the least
// recently read are deleted (files, copies, the server's copy in memory) while pre-rendered pages stay.
const METRICS_TOKEN = 'long-tail-metrics';

describeEachDialect('the long tail’s disk limit on %s', { member: false, env: { WENKU_METRICS_TOKEN: METRICS_TOKEN } }, () => {
  let t: TestApp;
  let admin: string;
  let root: string;
  let base: string;
  let clock = 1_000;
  let limit = 0;
  const forgotten: string[] = [];

  /** What the renderer writes for a document page: the page and its compressed copies; their bytes. */
  const writePage = (uuid: string, kb = 4) => {
    const page = join(root, 'library', '7', `${uuid}.html`);
    const html = `<!doctype html><title>${uuid}</title>${'文库'.repeat(kb * 170)}`;
    mkdirSync(join(page, '..'), { recursive: true });
    writeFileSync(page, html);
    writeFileSync(`${page}.br`, brotliCompressSync(html));
    writeFileSync(`${page}.gz`, gzipSync(html));
    return ['', '.br', '.gz'].reduce((sum, c) => sum + statSync(`${page}${c}`).size, 0);
  };
  const url = (uuid: string) => `/library/7/${uuid}`;
  const onDisk = (uuid: string) => existsSync(join(root, 'library', '7', `${uuid}.html`));
  const recorded = async () =>
    (await t.ctx.db.selectFrom('long_tail_pages').select(['path', 'bytes', 'read_at']).orderBy('path').execute()).map((r) => ({
      ...r,
      bytes: Number(r.bytes),
      read_at: Number(r.read_at),
    }));
  /** The kept total matches the rows: it is what the limit is checked against. */
  const expectTotalOfRows = async () => {
    const rows = await recorded();
    const kept = await t.ctx.db.selectFrom('long_tail_bytes').select('bytes').executeTakeFirstOrThrow();
    expect(Number(kept.bytes)).toBe(rows.reduce((sum, r) => sum + r.bytes, 0));
  };
  /** A reader asked for these documents and the renderer wrote their pages. */
  const renderAsked = async (...uuids: string[]) => {
    clock += 1_000;
    for (const uuid of uuids) {
      t.app.longTail.askedFor(uuid);
      writePage(uuid);
    }
    await t.app.longTail.rendered(uuids.map(url));
  };

  onStart(async (started) => {
    ({ t, admin } = started);
    root = t.ctx.config.siteDir;
    mkdirSync(join(root, 'library'), { recursive: true });
    writeFileSync(join(root, 'library', 'fallback.html'), '<p>document shell</p>');
    t.app.longTail.track({
      ...serverLongTail(t.ctx, (paths) => {
        forgotten.push(...paths);
        t.app.siteFiles.forget(paths);
      }),
      limitBytes: async () => limit,
      now: () => clock,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('reads its limit from 安全设置 in MB: 10 GB unless the admin sets another', async () => {
    const limitOf = () => serverLongTail(t.ctx, () => undefined).limitBytes();
    expect(await limitOf()).toBe(10240 * 1024 * 1024);
    const list = await t.call({ url: '/api/v1/config/list?category=security', token: admin });
    const row = list.body.config.find((c: { name: string }) => c.name === 'long_tail_pages_mb');
    expect(row.label).toBe('按需生成的文档页磁盘上限(MB)');
    const saved = await t.call({
      method: 'PUT',
      url: '/api/v1/config',
      token: admin,
      payload: { config: [{ ...row, value: '512' }] },
    });
    expect(saved.status).toBe(200);
    expect(await limitOf()).toBe(512 * 1024 * 1024);
  });

  it('records the pages readers asked for with their copies, never a pre-rendered page', async () => {
    writePage('prerendered0000000000000000000001');
    const bytes = writePage('asked000000000000000000000000001');
    t.app.longTail.askedFor('asked000000000000000000000000001');
    await t.app.longTail.rendered([url('prerendered0000000000000000000001'), url('asked000000000000000000000000001')]);
    expect(await recorded()).toEqual([{ path: 'library/7/asked000000000000000000000000001.html', bytes, read_at: clock }]);
    // re-rendered (an edit), it is still long tail; deleted by the renderer, its record goes
    await t.app.longTail.rendered([url('asked000000000000000000000000001')]);
    expect((await recorded()).length).toBe(1);
    await expectTotalOfRows();
    rmSync(join(root, 'library', '7', 'asked000000000000000000000000001.html'));
    await t.app.longTail.rendered([url('asked000000000000000000000000001')]);
    expect(await recorded()).toEqual([]);
    await expectTotalOfRows();
  });

  it('counts a read over HTTP, on Fastify’s path and on the fast path, once per read step', async () => {
    await renderAsked('read0000000000000000000000000001');
    const readAt = async () => (await recorded()).find((r) => r.path.includes('read0000'))!.read_at;
    const first = await fetch(`${base}${url('read0000000000000000000000000001')}`);
    expect(await first.text()).toContain('<title>read0000000000000000000000000001</title>');
    clock += READ_STEP_MS;
    await t.app.longTail.flushReads();
    const afterFirst = await readAt();
    expect(afterFirst).toBe(clock);
    // read again within the step: the read time stays (a page read every minute is not written every minute)
    expect((await fetch(`${base}${url('read0000000000000000000000000001')}`)).status).toBe(200);
    clock += 1_000;
    await t.app.longTail.flushReads();
    expect(await readAt()).toBe(afterFirst);
    expect((await fetch(`${base}${url('read0000000000000000000000000001')}`)).status).toBe(200);
    clock += READ_STEP_MS;
    await t.app.longTail.flushReads();
    expect(await readAt()).toBe(clock);
  });

  it('deletes the least recently read pages past the limit, and a reader gets the shell again', async () => {
    // a full render in a fresh folder rendered no long-tail page: the record starts empty
    await t.app.longTail.afterFullRender([]);
    await renderAsked('lru00000000000000000000000000001');
    await renderAsked('lru00000000000000000000000000002');
    await renderAsked('lru00000000000000000000000000003');
    // 2 is read, then 1 (the oldest, now the most recently read); 3 is never read
    for (const uuid of ['lru00000000000000000000000000002', 'lru00000000000000000000000000001']) {
      expect((await fetch(`${base}${url(uuid)}`)).status).toBe(200);
      clock += READ_STEP_MS;
      await t.app.longTail.flushReads();
    }
    const page = (await recorded())[0]!.bytes;
    limit = Math.floor(page * 2.5);
    await renderAsked('lru00000000000000000000000000004');
    // 4 pages over a limit of 2.5: the two read longest ago go (3 was never read, 2 before 1)
    expect(onDisk('lru00000000000000000000000000003')).toBe(false);
    expect(onDisk('lru00000000000000000000000000002')).toBe(false);
    expect(existsSync(join(root, 'library', '7', 'lru00000000000000000000000000002.html.br'))).toBe(false);
    expect(onDisk('lru00000000000000000000000000001')).toBe(true);
    expect(onDisk('lru00000000000000000000000000004')).toBe(true);
    expect((await recorded()).map((r) => r.path)).toEqual([
      'library/7/lru00000000000000000000000000001.html',
      'library/7/lru00000000000000000000000000004.html',
    ]);
    await expectTotalOfRows();
    // the kept total is what GET /metrics reports
    const scraped = await t.call({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const gauge = String(scraped.body)
      .split('\n')
      .find((l) => l.startsWith('wenku_site_long_tail_bytes '));
    expect(Number(gauge?.split(' ')[1])).toBe((await recorded()).reduce((sum, r) => sum + r.bytes, 0));
    expect(forgotten).toEqual(
      expect.arrayContaining([url('lru00000000000000000000000000002'), url('lru00000000000000000000000000003')]),
    );
    // the server no longer sends the deleted page from memory: the shell answers, which asks for it again
    const doc = await insertDoc(t, 1, '长尾文档', 2, 'lru00000000000000000000000000002');
    await t.ctx.db
      .insertInto('document_categories')
      .values({ document_id: doc, category_id: 7, created_at: '2026-12-02T00:00:00Z' })
      .execute();
    const again = await fetch(`${base}${url('lru00000000000000000000000000002')}`);
    expect(await again.text()).toContain('document shell');
    // the pre-rendered page is never deleted
    expect(onDisk('prerendered0000000000000000000001')).toBe(true);
  });

  it('keeps every page at a limit of 0; after a full render, what it rendered again with its new size, and nothing else', async () => {
    limit = 0;
    await renderAsked('nolimit0000000000000000000000001', 'nolimit0000000000000000000000002');
    expect((await recorded()).length).toBe(4);
    // the full render rendered 1 again (larger now) and the page of a document that moved to 7 from
    // elsewhere; 2's document was hidden since (its page taken out), lru…1 and lru…4 are pre-rendered now
    const larger = writePage('nolimit0000000000000000000000001', 8);
    const moved = writePage('moved000000000000000000000000001');
    rmSync(join(root, 'library', '7', 'nolimit0000000000000000000000002.html'));
    const gone = url('rendered00000000000000000000000001'); // named by the renderer, yet not on disk
    await t.app.longTail.afterFullRender([
      url('nolimit0000000000000000000000001'),
      url('moved000000000000000000000000001'),
      gone,
    ]);
    expect((await recorded()).map(({ path, bytes }) => ({ path, bytes }))).toEqual([
      { path: 'library/7/moved000000000000000000000000001.html', bytes: moved },
      { path: 'library/7/nolimit0000000000000000000000001.html', bytes: larger },
    ]);
    await expectTotalOfRows();
    // the pre-rendered ones stay on disk: only the limit deletes, and it counts recorded pages only
    expect(onDisk('lru00000000000000000000000000001')).toBe(true);
    // the documents a full render renders again: none here, the uuids are pages without documents
    expect(await t.app.longTail.documentIds()).toEqual([]);
  });
});
