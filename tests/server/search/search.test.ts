import { expect } from 'vitest';
import { indexDocument, removeDocumentFromIndex } from '../../../src/server/search/indexer.ts';
import { syncIndex } from '../../../src/server/search/sync.ts';
import { type TestApp } from '../support/app.ts';
import { addDocument, docIds } from './search.support.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const FILLER = ['The quick brown fox jumps over the lazy dog.', 'Lorem ipsum dolor sit amet.', '1234 5678 90'];

describeEachDialect('document full-text search on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  let quantum: number;
  let sharing: number;
  let weather: number;
  const search = (wd: string, extra = '') => t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent(wd)}${extra}` });
  const indexed = async (id: number) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('search_entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '=', 'doc')
          .where('ref_id', '=', id)
          .where('page', '>=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );

  onStart(async (ready) => {
    ({ t } = ready);
    const pages = Array.from({ length: 9 }, (_, i) =>
      i === 6 ? '第七页：量子纠缠实验报告，记录了两个粒子之间的关联。' : FILLER[i % 3],
    );
    quantum = await addDocument(t.ctx.db, { title: 'Lab notes 2024', pages });
    sharing = await addDocument(t.ctx.db, { title: 'Site handbook', pages: ['本站提供文档的分享与下载服务。'] });
    weather = await addDocument(t.ctx.db, { title: 'Diary', pages: ['今天天气很好，我们去公园散步。'] });
    await syncIndex(t.ctx.db);
  });

  it('finds a word pair on page 7 of 9, split or joined, and names the page', async () => {
    for (const wd of ['量子 纠缠', '量子纠缠']) {
      const res = await search(wd);
      expect(res.status).toBe(200);
      expect(docIds(res.body)).toEqual([quantum]);
      const doc = res.body.document[0];
      expect(doc.hit_pages).toContain(7);
      expect(doc.hit_pages).toEqual([7]);
      expect(doc.snippet).toBe('第七页：<em>量子纠缠</em>实验报告，记录了两个粒子之间的关联。');
      expect(doc.attachment.hash).toMatch(/^[0-9a-f]{32}$/);
      expect(res.body.total).toBe(1);
      expect(res.body.spend).toMatch(/^\d+\.\d{3}$/);
    }
  });

  it('matches segmented words, not substrings of unrelated text', async () => {
    const res = await search('文档分享');
    expect(docIds(res.body)).toEqual([sharing]);
    expect(res.body.document[0].snippet).toBe('本站提供<em>文档</em>的<em>分享</em>与下载服务。');
    expect(docIds((await search('天气')).body)).toEqual([weather]);
    // no document holds both words: those holding one follow, each saying which word it lacks
    const loose = (await search('量子 天气')).body;
    expect(loose.partial_total).toBe(loose.total);
    expect(loose.document.map((d: { id: number; missing_words: string[] }) => [d.id, d.missing_words])).toEqual(
      expect.arrayContaining([
        [quantum, ['天气']],
        [weather, ['量子']],
      ]),
    );
  });

  it('finds words of other scripts on a page', async () => {
    const id = await addDocument(t.ctx.db, { title: 'Mixed', pages: ['intro', 'Le café naïve · 한국어 공부 · हिन्दी भाषा'] });
    await indexDocument(t.ctx.db, id);
    for (const wd of ['CAFÉ', '한국어', 'हिन्दी', 'naïve café']) {
      const res = await search(wd);
      expect(docIds(res.body)).toEqual([id]);
      expect(res.body.document[0].hit_pages).toEqual([2]);
    }
    expect((await search('café')).body.document[0].snippet).toContain('<em>café</em>');
    // typed without accents, as readers do
    expect(docIds((await search('cafe naive')).body)).toEqual([id]);
  });

  it('asks for a keyword', async () => {
    for (const url of ['/api/v1/document/search', '/api/v1/document/search?wd=%20%20']) {
      const res = await t.call({ url });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 3, message: '请输入搜索关键词' });
    }
    // punctuation only: nothing to look for, an empty result
    const res = await search('，。！');
    expect(res.status).toBe(200);
    expect(res.body.document).toBeUndefined();
  });

  it('escapes HTML in titles and snippets', async () => {
    const id = await addDocument(t.ctx.db, {
      title: '<b>脚本</b>注入测试',
      pages: ['危险内容 <script>alert("脚本")</script> & 结束'],
    });
    await indexDocument(t.ctx.db, id);
    const res = await search('脚本');
    const doc = res.body.document.find((d: { id: number }) => d.id === id);
    expect(doc.title).toBe('<b>脚本</b>注入测试');
    expect(doc.title_highlight).toBe('&lt;b&gt;<em>脚本</em>&lt;/b&gt;注入测试');
    expect(doc.snippet).toContain('&lt;script&gt;alert(&quot;<em>脚本</em>&quot;)&lt;/script&gt; &amp; 结束');
    expect(doc.snippet).not.toContain('<script');
  });

  it('drops disabled and deleted documents at once, and the sync cleans the index', async () => {
    // changed behind the indexer's back: status only, updated_at untouched
    await t.ctx.db.updateTable('documents').set({ status: 4 }).where('id', '=', sharing).execute();
    expect(docIds((await search('文档分享')).body)).toEqual([]);
    await syncIndex(t.ctx.db);
    expect(await indexed(sharing)).toBe(0);

    await t.ctx.db.updateTable('documents').set({ status: 2 }).where('id', '=', sharing).execute();
    await syncIndex(t.ctx.db);
    expect(await indexed(sharing)).toBe(2);
    expect(docIds((await search('文档分享')).body)).toEqual([sharing]);

    await t.ctx.db.updateTable('documents').set({ deleted_at: new Date().toISOString() }).where('id', '=', weather).execute();
    expect(docIds((await search('天气')).body)).toEqual([]);
    await syncIndex(t.ctx.db);
    expect(await indexed(weather)).toBe(0);
  });

  it('takes documents out and back in through the indexer', async () => {
    await t.ctx.db
      .updateTable('documents')
      .set({ status: 4, updated_at: new Date().toISOString() })
      .where('id', '=', quantum)
      .execute();
    await indexDocument(t.ctx.db, quantum);
    expect(await indexed(quantum)).toBe(0);
    expect(docIds((await search('量子纠缠')).body)).toEqual([]);

    await t.ctx.db
      .updateTable('documents')
      .set({ status: 2, updated_at: new Date().toISOString() })
      .where('id', '=', quantum)
      .execute();
    await indexDocument(t.ctx.db, quantum);
    expect(await indexed(quantum)).toBe(10); // head + 9 pages
    expect(docIds((await search('量子纠缠')).body)).toEqual([quantum]);

    await removeDocumentFromIndex(t.ctx.db, quantum);
    expect(await indexed(quantum)).toBe(0);
    await indexDocument(t.ctx.db, quantum);
  });

  it('follows an edit through the change event at once, with no sweep', async () => {
    await syncIndex(t.ctx.db);
    const admin = await t.adminToken();
    const res = await t.call({
      method: 'PUT',
      url: '/api/v1/document',
      token: admin,
      payload: { id: sharing, title: '量子计算入门' },
    });
    expect(res.status).toBe(200);
    // the server of this test runs no sweep (startSearchSync), and searches no longer check the index
    const found = await search('量子计算');
    // the one holding both words, then (few of those) the quantum paper lacking 计算
    expect(docIds(found.body)).toEqual([sharing, quantum]);
    expect(found.body.partial_total).toBe(1);
    expect(found.body.document[0].title_highlight).toBe('<em>量子计算</em>入门');
    // a row written behind the events' back is found only once the sweep ran
    const id = await addDocument(t.ctx.db, { title: '新上传的文档', pages: ['区块链技术白皮书'] });
    expect(docIds((await search('区块链')).body)).toEqual([]);
    await syncIndex(t.ctx.db);
    expect(docIds((await search('区块链')).body)).toEqual([id]);
  });
});
