import { expect } from 'vitest';
import { syncIndex } from '../../../src/server/search/sync.ts';
import { type TestApp } from '../support/app.ts';
import { addArticle, addCategory } from './search.support.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('article full-text search on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  let published: number;
  let pending: number;
  let other: number;
  let cat: number;
  const search = async (query: string) => {
    const res = await t.call({ url: `/api/v1/article/search?${query}` });
    expect(res.status).toBe(200);
    return res.body;
  };
  const ids = (body: { article?: Array<{ id: number }> }) => (body.article ?? []).map((a) => a.id);

  onStart(async (ready) => {
    ({ t } = ready);
    cat = await addCategory(t.ctx.db, '公告', 1);
    published = await addArticle(t.ctx.db, {
      title: '新手指南',
      content: '<p>本文介绍<strong>机器学习</strong>的基本概念。</p><script>var 机器学习 = 1</script><p>&lt;梯度下降&gt;</p>',
      categories: [cat],
    });
    pending = await addArticle(t.ctx.db, { title: '草稿', content: '<p>机器学习草稿</p>', status: 0 });
    other = await addArticle(t.ctx.db, { title: '机器学习周报', content: '<p>本周动态</p>', description: '每周一期' });
    await syncIndex(t.ctx.db);
  });

  it('finds published articles by their body text, with a highlighted snippet', async () => {
    const body = await search(`wd=${encodeURIComponent('机器学习')}`);
    // the title hit ranks first; the draft is not public; any article holding one of the words follows
    const exact = (b: { article?: Array<{ id: number; missing_words?: string[] }> }) =>
      ids({ article: b.article?.filter((a) => !a.missing_words) });
    expect(exact(body)).toEqual([other, published]);
    expect(ids(body).slice(0, 2)).toEqual([other, published]);
    expect(body.total - (body.partial_total ?? 0)).toBe(2);
    expect(body.spend).toMatch(/^\d+\.\d{3}$/);
    const a = body.article.find((x: { id: number }) => x.id === published);
    expect(a.identifier).toMatch(/^[0-9a-f]{16}$/);
    expect(a.snippet).toBe('本文介绍<em>机器学习</em>的基本概念。 &lt;梯度下降&gt;');
    expect(a.category_id).toEqual([cat]);
    expect(body.article[0].title_highlight).toBe('<em>机器学习</em>周报');
    expect(body.facets.category).toEqual({ [cat]: 1 });
    expect(ids(await search(`wd=${encodeURIComponent('梯度')}`))).toEqual([published]);
    expect(exact(await search(`wd=${encodeURIComponent('机器学习')}&category_id=${cat}`))).toEqual([published]);
  });

  it('follows publishing and deleting through the sync', async () => {
    await t.ctx.db
      .updateTable('articles')
      .set({ status: 1, updated_at: new Date().toISOString() })
      .where('id', '=', pending)
      .execute();
    await syncIndex(t.ctx.db);
    expect(ids(await search(`wd=${encodeURIComponent('草稿')}`))).toEqual([pending]);
    await t.ctx.db.updateTable('articles').set({ deleted_at: new Date().toISOString() }).where('id', '=', pending).execute();
    expect(ids(await search(`wd=${encodeURIComponent('草稿')}`))).toEqual([]);
    await syncIndex(t.ctx.db);
    const left = await t.ctx.db
      .selectFrom('search_entries')
      .select('id')
      .where('kind', '=', 'article')
      .where('ref_id', '=', pending)
      .execute();
    expect(left).toEqual([]);
  });

  it('asks for a keyword', async () => {
    const res = await t.call({ url: '/api/v1/article/search?wd=' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('请输入搜索关键词');
  });
});
