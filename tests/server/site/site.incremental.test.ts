import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { generateDataset } from '../../../scripts/bench/dataset.ts';
import { SITEMAP_URLS_PER_PART } from '../../../src/domain/rules.ts';
import { SiteBuilder } from '../../../src/server/site/site.builder.ts';
import { siteBuildToken } from '../../../src/server/site/build-token.ts';
import { renderDocumentPages } from '../../../src/server/site/site.missing.ts';
import { serverLongTail, siteChangeHooks } from '../../../src/server/site/site.hooks.ts';
import { copyDocument } from '../support/documents.ts';
import type { TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

// The real renderer (Astro) against a real server on a small generated library: pages appear and
// disappear as documents are published, hidden, deleted and restored, and only they are rendered.
// the app serves the server's default site folder (empty WENKU_SITE_DIR: the `current` link the builder swaps)
describeEachDialect('incremental static site on %s', { member: false, env: { WENKU_SITE_DIR: '' } }, () => {
  let t: TestApp;
  let builder: SiteBuilder;
  let admin: string;
  let current: string;
  const log: string[] = [];
  let longTailLimit = 0;
  const longTailRows = () => t.ctx.db.selectFrom('long_tail_pages').select(['path', 'bytes']).orderBy('path').execute();
  const onDisk = (rel: string) =>
    ['', '.br', '.gz'].reduce((sum, c) => sum + (existsSync(file(rel + c)) ? statSync(file(rel + c)).size : 0), 0);
  let doc: { id: number; uuid: string; title: string; category: number };

  const file = (rel: string) => join(current, rel);
  /** A visitor's list of the public documents, oldest first: how many there are, and the first `size`. */
  const oldestPublic = async (size: number) =>
    (await t.call({ url: `/api/v1/document/list?page=1&size=${size}&order=id%20asc` })).body as {
      total: number;
      document: Array<{ id: number; uuid: string; title: string; category_id: number[] }>;
    };
  const read = (rel: string) => (existsSync(file(rel)) ? readFileSync(file(rel), 'utf8') : '');
  const pagePath = () => `library/${doc.category}/${doc.uuid}.html`;
  const put = (url: string, payload: Record<string, unknown>) => t.call({ method: 'PUT', url, token: admin, payload });
  /** the change events of the last call are rendered (or the build fails the test) */
  const rendered = async () => {
    const before = log.length;
    await builder.flush();
    const lines = log.slice(before);
    expect(lines.join('\n')).toContain('站点增量更新（未整站构建）');
    expect(lines.join('\n')).not.toContain('站点开始构建');
    return lines.join('\n');
  };

  onStart(async (started) => {
    ({ t, admin } = started);
    await generateDataset(t.ctx.db, { docs: 40 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    current = join(t.dataDir, 'site', 'current');
    builder = new SiteBuilder({
      currentLink: current,
      apiBase: `http://127.0.0.1:${port}`,
      buildToken: await siteBuildToken(t.ctx.db),
      projectRoot: resolve(import.meta.dirname, '../../..'),
      // the four oldest are the long tail: rendered on a reader's request, and again by a full render
      prerenderDocuments: (await oldestPublic(1)).total - 4,
      log: (m) => void log.push(m),
      ...siteChangeHooks(t.app, (m) => void log.push(m)),
    });
    t.closeWith({ close: async () => builder.stop() });
    t.ctx.events.subscribe((e) => (e.kind === 'shared' ? builder.request(e.what) : builder.update(e)));
    t.app.missingPages.renderWith(renderDocumentPages((e) => builder.update(e)));
    t.app.longTail.track({
      ...serverLongTail(t.ctx, (paths) => t.app.siteFiles.forget(paths)),
      limitBytes: async () => longTailLimit,
    });
    // a visitor at the renderer's own address has used up its sitemap calls: the build's pass still reads every part
    const sitemapCall = () => t.call({ url: '/api/v1/document/sitemap?part=0', remoteAddress: '127.0.0.1' });
    for (let i = 0; i < 50 && (await sitemapCall()).status !== 429; i++);
    expect((await sitemapCall()).status).toBe(429);
    expect(await builder.build()).toBe(true);
    const list = (await t.call({ url: '/api/v1/document/list?page=1&size=1' })).body;
    const d = list.document[0];
    doc = { id: d.id, uuid: d.uuid, title: d.title, category: d.category_id.at(-1) };
  }, 400_000);

  it('renders every public document, its category list and the sitemap parts in the full build', () => {
    expect(read(pagePath())).toContain(`<title>${doc.title} - `);
    expect(read(`library/${doc.category}.html`)).toContain(doc.title);
    expect(read('sitemap.xml')).toContain('/sitemap/documents-0.xml</loc>');
    expect(read('sitemap/documents-0.xml')).toContain(`/${doc.uuid}</loc>`);
    // robots.txt keeps crawlers out of the back office and names the sitemap at the address its entries use
    const origin = /<loc>(https?:\/\/[^/<]+)\//.exec(read('sitemap.xml'))?.[1];
    expect(origin).toBeTruthy();
    expect(read('robots.txt')).toMatch(/^Disallow: \/admin$/m);
    expect(read('robots.txt')).toContain(`\nSitemap: ${origin}/sitemap.xml\n`);
  });

  it('renders a renamed document’s pages, with their compressed copies', async () => {
    expect((await put('/api/v1/document', { id: doc.id, title: '改过名字的文档' })).status).toBe(200);
    const line = await rendered();
    expect(line).toContain(`/${pagePath().replace(/\.html$/, '')}`);
    expect(read(pagePath())).toContain('<title>改过名字的文档 - ');
    expect(existsSync(file(`${pagePath()}.gz`))).toBe(true);
    expect(read(`library/${doc.category}.html`)).toContain('改过名字的文档');
    expect(read('index.html')).toBeTruthy();
  }, 60_000);

  it('takes a hidden document’s page out and puts it back when enabled again', async () => {
    expect((await put('/api/v1/document/check', { id: [doc.id], status: 4 })).status).toBe(200);
    expect(await rendered()).toContain('删除 1 页');
    expect(existsSync(file(pagePath()))).toBe(false);
    expect(existsSync(file(`${pagePath()}.br`))).toBe(false);
    expect(read(`library/${doc.category}.html`)).not.toContain('改过名字的文档');
    expect(read('sitemap/documents-0.xml')).not.toContain(doc.uuid);

    expect((await put('/api/v1/document/check', { id: [doc.id], status: 2 })).status).toBe(200);
    await rendered();
    expect(read(pagePath())).toContain('<title>改过名字的文档 - ');
    expect(read('sitemap/documents-0.xml')).toContain(`/${doc.uuid}</loc>`);
  }, 60_000);

  it('gives a document of a far id range its own sitemap part, named by the index, and drops the part with it', async () => {
    // ids 100,001…150,000 make the third part; the sitemap reads it from the server, not from the pre-rendered list
    const farId = 2 * SITEMAP_URLS_PER_PART + 7;
    const farUuid = 'sitemapfar0000000000000000000002';
    await copyDocument(t, doc.id, { id: farId, uuid: farUuid, title: '远处的文档' });
    expect((await put('/api/v1/document', { id: farId, title: '远处的文档改名' })).status).toBe(200);
    await rendered();
    expect(read('sitemap/documents-2.xml')).toContain(`/${farUuid}</loc>`);
    expect(read('sitemap.xml')).toContain('/sitemap/documents-2.xml</loc>');
    expect(read('sitemap/documents-0.xml')).not.toContain(farUuid);

    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${farId}`, token: admin })).status).toBe(200);
    await rendered();
    expect(existsSync(file('sitemap/documents-2.xml'))).toBe(false);
    expect(read('sitemap.xml')).not.toContain('documents-2.xml');
  }, 60_000);

  it('renders the page of a document a reader asks for that the site has none of, and only that page', async () => {
    // a public document the renderer was never told of, as one older than the pre-rendered ones
    const oldId = SITEMAP_URLS_PER_PART + 11;
    const oldUuid = 'longtail00000000000000000000001';
    await copyDocument(t, doc.id, { id: oldId, uuid: oldUuid, title: '长尾里的文档' });
    const url = `/library/${doc.category}/${oldUuid}`;
    const before = log.length;
    const first = await t.call({ url });
    expect(first.status).toBe(200);
    expect(String(first.body)).not.toContain('长尾里的文档'); // the shell, which reads the document from the API
    // the render the request asked for: its log line (the queue may be queued and flushed between two looks at it)
    const renderedLine = () => log.slice(before).find((l) => l.includes('站点增量更新（未整站构建）') && l.includes(url));
    await expect.poll(renderedLine, { timeout: 30_000 }).toBeTruthy();
    expect(log.slice(before).join('\n')).not.toContain('站点开始构建');
    const line = renderedLine()!;
    expect(line).toContain('渲染 1 页');
    expect(line).toContain(url);
    expect(read(`library/${doc.category}/${oldUuid}.html`)).toContain('<title>长尾里的文档 - ');
    expect((await t.call({ url })).body).toContain('<title>长尾里的文档 - ');
    // recorded as long tail, with the page and its compressed copies
    const oldPage = `library/${doc.category}/${oldUuid}.html`;
    expect(await longTailRows()).toEqual([{ path: oldPage, bytes: onDisk(oldPage) }]);
    // asking again renders nothing: the page is a file now
    await t.call({ url });
    expect(builder.queued()).toBe(0);
    // the renderer forgets the long tail after its batch (its memory does not grow with it), and the page stays
    expect((await put('/api/v1/document', { id: doc.id, title: '长尾之后再改名' })).status).toBe(200);
    expect(await rendered()).not.toContain(oldUuid);
    expect(read(`library/${doc.category}/${oldUuid}.html`)).toContain('<title>长尾里的文档 - ');
    expect((await put('/api/v1/document', { id: doc.id, title: '改过名字的文档' })).status).toBe(200);
    await rendered();
  }, 60_000);

  it('deletes the least recently read long-tail page once a newer one takes the long tail past its limit', async () => {
    const [kept] = await longTailRows();
    const oldUrl = `/${kept!.path.replace(/\.html$/, '')}`;
    longTailLimit = Math.floor(kept!.bytes * 1.5);
    const newUuid = 'longtail00000000000000000000002';
    await copyDocument(t, doc.id, { id: SITEMAP_URLS_PER_PART + 12, uuid: newUuid, title: '长尾里的第二篇' });
    const newPage = `library/${doc.category}/${newUuid}.html`;
    expect(String((await t.call({ url: `/library/${doc.category}/${newUuid}` })).body)).not.toContain('长尾里的第二篇');
    await expect.poll(() => read(newPage), { timeout: 30_000 }).toContain('<title>长尾里的第二篇 - ');
    // two pages over a limit of one and a half: the one read longest ago went, files and copies
    const paths = async () => (await longTailRows()).map((r) => r.path);
    await expect.poll(paths, { timeout: 10_000 }).toEqual([newPage]);
    expect(await longTailRows()).toEqual([{ path: newPage, bytes: onDisk(newPage) }]);
    expect(existsSync(file(kept!.path))).toBe(false);
    expect(existsSync(file(`${kept!.path}.gz`))).toBe(false);
    // its next reader gets the shell (the server sends no copy from memory), and it is rendered again at once
    longTailLimit = 0;
    expect(String((await t.call({ url: oldUrl })).body)).not.toContain('长尾里的文档');
    await expect.poll(() => read(kept!.path), { timeout: 30_000 }).toContain('<title>长尾里的文档 - ');
  }, 60_000);

  it('takes a deleted document out and brings it back from the recycle bin', async () => {
    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${doc.id}`, token: admin })).status).toBe(200);
    await rendered();
    expect(existsSync(file(pagePath()))).toBe(false);
    expect(read(`library/${doc.category}.html`)).not.toContain('改过名字的文档');

    expect((await put('/api/v1/document/recycle', { id: [doc.id] })).status).toBe(200);
    await rendered();
    expect(read(pagePath())).toContain('<title>改过名字的文档 - ');
    expect(read(`library/${doc.category}.html`)).toContain('改过名字的文档');
  }, 60_000);

  /** The `n` oldest public documents (past the pre-rendered ones) and their page files. */
  const oldestDocuments = async (n: number) =>
    (await oldestPublic(n)).document.map((d) => ({ ...d, page: `library/${d.category_id.at(-1)}/${d.uuid}.html` }));

  it('renders the whole site again in place for a change every page shows, never a second copy', async () => {
    const served = realpathSync(current);
    // two documents past the pre-rendered ones, each asked for by a reader: long-tail pages
    const [tailKept, tailHidden] = await oldestDocuments(2);
    for (const d of [tailKept!, tailHidden!]) {
      expect(existsSync(file(d.page))).toBe(false);
      await t.call({ url: `/${d.page.replace(/\.html$/, '')}` });
      await expect.poll(() => read(d.page), { timeout: 30_000 }).toContain(`<title>${d.title} - `);
    }
    await expect
      .poll(async () => (await longTailRows()).map((r) => r.path))
      .toEqual(expect.arrayContaining([tailKept!.page, tailHidden!.page]));
    // a document hidden behind the renderer's back (no event): only a full render notices
    const listed = (await t.call({ url: '/api/v1/document/list?page=1&size=2' })).body.document;
    const other = listed.find((d: { id: number }) => d.id !== doc.id);
    const otherPath = `library/${other.category_id.at(-1)}/${other.uuid}.html`;
    expect(read(otherPath)).toContain(other.title);
    await t.ctx.db.updateTable('documents').set({ status: 4 }).where('id', 'in', [other.id, tailHidden!.id]).execute();
    await t.setConfig('system', 'sitename', '原地重建的文库');

    const before = log.length;
    const ok = await builder.build();
    if (!ok) console.log(log.slice(before).join('\n'));
    expect(ok).toBe(true);
    expect(log.slice(before).join('\n')).toMatch(
      /站点构建完成（整站，原地渲染 \d+ 页（其中按需生成的文档页 1 页，用时 [\d.]+ 秒）/,
    );
    expect(realpathSync(current)).toBe(served);
    expect(readdirSync(join(t.dataDir, 'site', 'builds'))).toHaveLength(1);
    expect(read('index.html')).toContain('原地重建的文库');
    expect(read(pagePath())).toContain('原地重建的文库');
    expect(existsSync(file(otherPath))).toBe(false);
    expect(existsSync(file(`${otherPath}.br`))).toBe(false);
    // the long tail: the page a reader asked for rendered again with the rest, the hidden one taken out;
    // the record follows (the copies recorded by the tests above are among the newest now: pre-rendered)
    expect(read(tailKept!.page)).toContain('原地重建的文库');
    expect(existsSync(file(tailHidden!.page))).toBe(false);
    expect(existsSync(file(`${tailHidden!.page}.gz`))).toBe(false);
    expect(await longTailRows()).toEqual([{ path: tailKept!.page, bytes: onDisk(tailKept!.page) }]);
    // the renderer it leaves behind renders the next change incrementally
    expect((await put('/api/v1/document', { id: doc.id, title: '整站之后再改名' })).status).toBe(200);
    await rendered();
    expect(read(pagePath())).toContain('<title>整站之后再改名 - ');
  }, 400_000);
});
