import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { syncIndex } from '../../../src/server/search/sync.ts';
import { addCategory, addDocument, docIds } from './search.support.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('document search filters, sorts and pages on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  let catA: number;
  let catB: number;
  const d: Record<string, number> = {};
  const search = async (query: string) => {
    const res = await t.call({ url: `/api/v1/document/search?${query}` });
    expect(res.status).toBe(200);
    return res.body;
  };
  const wd = `wd=${encodeURIComponent('算法')}`;

  onStart(async (ready) => {
    ({ t } = ready);
    const db = t.ctx.db;
    catA = await addCategory(db, '计算机');
    catB = await addCategory(db, '教育');
    d.pdf = await addDocument(db, {
      title: '算法导论',
      ext: '.pdf',
      language: 'zh-CN',
      categories: [catA],
      created_at: '2023-03-01T08:00:00.000Z',
      pages: ['第一章', '第二章', '第三章'],
      size: 3000,
      view_count: 5,
      download_count: 50,
    });
    d.doc = await addDocument(db, {
      title: 'Guide',
      description: '一本算法入门书',
      ext: '.docx',
      language: 'en',
      categories: [catB],
      created_at: '2024-02-10T08:00:00.000Z',
      pages: ['intro'],
      size: 1000,
      view_count: 50,
      download_count: 5,
    });
    d.txt = await addDocument(db, {
      title: 'Notes',
      ext: '.txt',
      language: 'zh-CN',
      categories: [catA, catB],
      created_at: '2024-06-01T08:00:00.000Z',
      pages: ['目录', '常见算法笔记'],
      size: 2000,
      view_count: 20,
      download_count: 20,
      user_id: 7,
    });
    d.ppt = await addDocument(db, {
      title: 'Slides',
      ext: '.pptx',
      language: 'zh-CN',
      created_at: '2025-01-05T08:00:00.000Z',
      pages: ['封面', '课件', '排序算法', '图算法', '结束'],
      size: 500,
      view_count: 1,
      download_count: 1,
    });
    for (let i = 0; i < 25; i++) await addDocument(t.ctx.db, { title: `翻页样本 ${i}`, pages: ['内容'] });
    await syncIndex(t.ctx.db);
  });

  it('ranks title hits first and counts facets over the whole result', async () => {
    const body = await search(wd);
    expect(body.total).toBe(4);
    expect(docIds(body)[0]).toBe(d.pdf);
    expect(new Set(docIds(body))).toEqual(new Set(Object.values(d)));
    expect(body.facets.ext).toEqual({ pdf: 1, doc: 1, txt: 1, ppt: 1 });
    expect(body.facets.category).toEqual({ [catA]: 2, [catB]: 2 });
    expect(body.facets.language).toEqual({ 'zh-CN': 3, en: 1 });
    const ppt = body.document.find((x: { id: number }) => x.id === d.ppt);
    expect(ppt.hit_pages).toEqual([3, 4]);
    expect(body.document.find((x: { id: number }) => x.id === d.txt).category_id).toEqual([catA, catB]);
  });

  it('filters by ext group; the ext facet ignores its own filter', async () => {
    const body = await search(`${wd}&ext=doc`);
    expect(docIds(body)).toEqual([d.doc]);
    expect(body.total).toBe(1);
    expect(body.facets.ext).toEqual({ pdf: 1, doc: 1, txt: 1, ppt: 1 });
    expect(body.facets.category).toEqual({ [catB]: 1 });
    expect(docIds(await search(`${wd}&ext=ppt`))).toEqual([d.ppt]);
    expect((await search(`${wd}&ext=all`)).total).toBe(4);
  });

  it('filters by category, language, uploader and time range', async () => {
    const byCat = await search(`${wd}&category_id=${catA}`);
    expect(new Set(docIds(byCat))).toEqual(new Set([d.pdf, d.txt]));
    expect(byCat.facets.category).toEqual({ [catA]: 2, [catB]: 2 });
    expect(byCat.facets.ext).toEqual({ pdf: 1, txt: 1 });
    expect(new Set(docIds(await search(`${wd}&category_id=${catA}&category_id=${catB}`)))).toEqual(
      new Set([d.pdf, d.doc, d.txt]),
    );

    expect(docIds(await search(`${wd}&language=en`))).toEqual([d.doc]);
    expect(docIds(await search(`${wd}&user_id=7`))).toEqual([d.txt]);

    const y2024 = await search(`${wd}&created_at=2024-01-01&created_at=2024-12-31`);
    expect(new Set(docIds(y2024))).toEqual(new Set([d.doc, d.txt]));
    const since = await search(`${wd}&created_at=${encodeURIComponent('2024-06-01T00:00:00Z')}&created_at=`);
    expect(new Set(docIds(since))).toEqual(new Set([d.txt, d.ppt]));
    const bad = await t.call({ url: `/api/v1/document/search?${wd}&created_at=yesterday&created_at=today` });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('时间范围无效');
  });

  it('sorts by pages, size, views, downloads and date', async () => {
    expect(docIds(await search(`${wd}&sort=pages`))).toEqual([d.ppt, d.pdf, d.txt, d.doc]);
    expect(docIds(await search(`${wd}&sort=${encodeURIComponent('size asc')}`))).toEqual([d.ppt, d.doc, d.txt, d.pdf]);
    expect(docIds(await search(`${wd}&sort=view_count`))).toEqual([d.doc, d.txt, d.pdf, d.ppt]);
    expect(docIds(await search(`${wd}&sort=download_count`))).toEqual([d.pdf, d.txt, d.doc, d.ppt]);
    expect(docIds(await search(`${wd}&sort=latest`))).toEqual([d.ppt, d.txt, d.doc, d.pdf]);
    expect(docIds(await search(`${wd}&sort=nonsense`))[0]).toBe(d.pdf); // unknown sort = relevance
  });

  it('pages by 10 and caps pages at display.max_search_pages', async () => {
    const q = `wd=${encodeURIComponent('翻页样本')}&sort=latest&size=50`;
    const pages = [
      await search(`${q}&page=1`),
      await search(`${q}&page=2`),
      await search(`${q}&page=3`),
      await search(`${q}&page=4`),
    ];
    expect(pages.map((p) => p.document?.length ?? 0)).toEqual([10, 10, 5, 0]);
    expect(pages.map((p) => p.total)).toEqual([25, 25, 25, 25]);
    expect(new Set(pages.flatMap(docIds)).size).toBe(25);
    for (const p of pages) expect(p.spend).toMatch(/^\d+\.\d{3}$/);

    await t.setConfig('display', 'max_search_pages', '2');
    const capped = await search(`${q}&page=3`);
    expect(capped.total).toBe(20);
    expect(capped.document).toBeUndefined();
    expect((await search(`${q}&page=2`)).document).toHaveLength(10);
    await t.setConfig('display', 'max_search_pages', '0');
    expect((await search(`${q}&page=3`)).total).toBe(25);
  });

  it('hides counters the display settings hide', async () => {
    await t.setConfig('display', 'show_document_view_count', 'false');
    const body = await search(`${wd}&ext=doc`);
    expect(body.document[0].view_count).toBeUndefined();
    expect(body.document[0].download_count).toBe(5);
    await t.setConfig('display', 'show_document_view_count', 'true');
  });
});
