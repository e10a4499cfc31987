import { expect } from 'vitest';
import { markForReconvert } from '../../../src/server/convert/queue.ts';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import { up as paidTextMigration } from '../../../src/server/db/migrations/006_paid_text.ts';
import { indexDocument } from '../../../src/server/search/indexer.ts';
import { syncIndex } from '../../../src/server/search/sync.ts';
import { type TestApp } from '../support/app.ts';
import { addDocument, fixture, getDocument, pageTexts } from '../convert/convert.support.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

/**
 * A paid document shows only the text of its preview pages: in search (matches, hit pages,
 * snippets), in its generated description and in its page text. The fixture's pages each start
 * with 第N页; 第三页 (page 3) and 量子纠缠 (page 7) occur nowhere else.
 */
describeEachDialect('text of paid documents beyond the preview (%s)', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  // three documents of one file (they share its pages and text), converted with max_preview = 1
  let paid: number;
  let free: number;
  let written: number;
  const WRITTEN = '上传者写的简介';

  const search = async (wd: string) => {
    const res = await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent(wd)}` });
    expect(res.status).toBe(200);
    // results lacking one of the words (missing_words) follow the full matches: only full matches count here
    const all = (res.body.document ?? []) as Array<{
      id: number;
      hit_pages: number[];
      snippet: string;
      description: string;
      missing_words?: string[];
    }>;
    return all.filter((d) => !d.missing_words?.length);
  };
  const found = async (wd: string) => (await search(wd)).map((d) => d.id);
  const description = async (id: number) => (await t.call({ url: `/api/v1/document?id=${id}` })).body.description as string;
  const setPrice = async (id: number, price: number, extra: Record<string, unknown> = {}) => {
    const res = await t.call({ method: 'PUT', url: '/api/v1/document', token: admin, payload: { id, price, ...extra } });
    expect(res.status).toBe(200);
  };
  const convertAll = async () => {
    const worker = new ConverterWorker(t.ctx);
    while (await worker.convertOne()) {
      /* until the queue is empty */
    }
  };

  onStart(async (ready) => {
    ({ t, admin } = ready);
    await t.setConfig('converter', 'max_preview', '1');
    const pdf = fixture('chinese-8pages.pdf');
    paid = (await addDocument(t, pdf, '.pdf', { title: '付费资料', price: 20 })).id;
    free = (await addDocument(t, pdf, '.pdf', { title: '免费资料' })).id;
    written = (await addDocument(t, pdf, '.pdf', { title: '自带简介', price: 20, description: WRITTEN })).id;
    await convertAll();
    for (const id of [paid, free, written]) expect(await getDocument(t, id)).toMatchObject({ status: 2, pages: 8, preview: 1 });
    await syncIndex(t.ctx.db);
  }, 120_000);

  it('finds words beyond the preview only in the free copy, with that page as hit page and in the snippet', async () => {
    for (const wd of ['第三页', '量子纠缠']) expect(await found(wd)).toEqual([free]);
    const [hit] = await search('第三页');
    expect(hit.hit_pages).toEqual([3]);
    expect(hit.snippet).toContain('<em>第三页</em>');
    // a hidden word never completes a match either: 测试 is on page 1, 量子 only on page 7
    expect(await found('测试 量子')).toEqual([free]);
  });

  it('still finds a paid document by its title and its preview text, naming only preview pages', async () => {
    expect(await found('付费资料')).toEqual([paid]);
    const results = await search('测试文档');
    expect(results.map((d) => d.id).sort()).toEqual([paid, free, written].sort());
    const byId = new Map(results.map((d) => [d.id, d]));
    expect(byId.get(paid)!.hit_pages).toEqual([1]);
    expect(byId.get(written)!.hit_pages).toEqual([1]);
    expect(byId.get(free)!.hit_pages).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const id of [paid, written]) expect(byId.get(id)!.snippet).not.toMatch(/第[二三四五六七八]页/);
  });

  it('writes the description from the preview pages of a paid document, from all pages of a free one', async () => {
    // page 1 holds fewer than the description's 200 characters, so the free copy's runs into page 2
    expect(await description(paid)).toMatch(/^第一页：文库测试文档/);
    expect(await description(paid)).not.toContain('第二页');
    expect(await description(free)).toContain('第二页');
    expect(await description(written)).toBe(WRITTEN);
  });

  it('gives visitors the page text of preview pages only', async () => {
    const res = await t.call({ url: `/api/v1/document/pages/text?id=${paid}&limit=5` });
    expect(res.status).toBe(200);
    expect(res.body.page.map((p: { page: number }) => p.page)).toEqual([1]);
    expect(JSON.stringify(res.body)).not.toContain('第三页');
  });

  it('back-fills an emptied description from public text only', async () => {
    const doc = await t.ctx.db.selectFrom('documents').select('description').where('id', '=', paid).executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('documents').set({ description: '' }).where('id', '=', paid).execute();
    const filled = await description(paid);
    expect(filled).toMatch(/^第一页/);
    expect(filled).not.toContain('第二页');
    await t.ctx.db.updateTable('documents').set({ description: doc.description }).where('id', '=', paid).execute();
  });

  it("follows a price change at once: index, hit pages and a generated description; never an uploader's", async () => {
    await setPrice(free, 20);
    expect(await found('量子纠缠')).toEqual([]);
    expect(await description(free)).not.toContain('第二页');
    expect((await search('测试文档')).find((d) => d.id === free)!.hit_pages).toEqual([1]);

    await setPrice(free, 0);
    expect(await found('量子纠缠')).toEqual([free]);
    expect(await description(free)).toContain('第二页');

    // an uploader's description stays, and one written in the same edit wins
    await setPrice(written, 0);
    expect(await description(written)).toBe(WRITTEN);
    expect((await found('量子纠缠')).sort()).toEqual([free, written].sort());
    await setPrice(written, 20, { description: '新的简介' });
    expect(await description(written)).toBe('新的简介');
    expect(await found('量子纠缠')).toEqual([free]);
  });

  it('follows a reconversion with another preview limit', async () => {
    await t.setConfig('converter', 'max_preview', '3');
    expect(await markForReconvert(t.ctx.db, [paid])).toBe(1);
    await convertAll();
    expect(await getDocument(t, paid)).toMatchObject({ status: 2, preview: 3 });
    await syncIndex(t.ctx.db);
    // the file's documents share its preview: pages 1–3 of the paid ones are public now
    expect((await found('第三页')).sort()).toEqual([paid, free, written].sort());
    expect(await found('量子纠缠')).toEqual([free]);
    // the generated description is written again from the new preview; the uploader's stays
    expect(await description(paid)).toContain('第二页');
    expect(await description(written)).toBe('新的简介');
  }, 60_000);

  it('puts right, on upgrade, a paid document indexed and described from every page before the rule', async () => {
    const { hash } = await getDocument(t, paid);
    const texts = await pageTexts(t, hash);
    // as the converter wrote it before: the start of every page's text, all pages indexed
    const legacy = [...texts.join(' ').replace(/\s+/g, ' ').trim()].slice(0, 200).join('');
    const old = (
      await addDocument(t, fixture('chinese-8pages.pdf'), '.pdf', {
        title: '旧付费资料',
        status: 2,
        pages: 8,
        preview: 1,
        description: legacy,
      })
    ).id;
    await indexDocument(t.ctx.db, old);
    await t.ctx.db.updateTable('documents').set({ price: 20 }).where('id', '=', old).execute();
    await syncIndex(t.ctx.db);
    expect(await found('量子纠缠')).toContain(old);

    await paidTextMigration(t.ctx.db);
    await syncIndex(t.ctx.db);
    expect(await found('量子纠缠')).not.toContain(old);
    expect(await found('旧付费资料')).toEqual([old]);
    expect(await description(old)).toMatch(/^第一页/);
    expect(await description(old)).not.toContain('第二页');
    expect(await description(written)).toBe('新的简介');
  });
});
