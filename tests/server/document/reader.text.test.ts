import { expect } from 'vitest';
import { category, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('page text for the text mode of the reader on %s', { member: false }, () => {
  let cat: number;
  onStart(async ({ t, admin }) => {
    cat = await category(t, admin, '文字模式');
  });

  it('returns whole pages from a given page on, never past what a visitor may read', async ({ t, admin }) => {
    const d = await publish(t, admin, [cat], { title: '文字模式文档', price: 5 });
    await setStatus(t, d.id, 2, 14);
    const { hash } = await t.ctx.db.selectFrom('documents').select('hash').where('id', '=', d.id).executeTakeFirstOrThrow();
    await t.ctx.db.deleteFrom('document_pages').where('hash', '=', hash).execute();
    const long = '长'.repeat(2500);
    await t.ctx.db
      .insertInto('document_pages')
      .values(Array.from({ length: 14 }, (_, i) => ({ hash, page: i + 1, text: i === 10 ? long : `第${i + 1}页` })))
      .execute();
    await t.ctx.db.updateTable('documents').set({ preview: 12 }).where('id', '=', d.id).execute();

    const from11 = await t.call({ url: `/api/v1/document/pages/text?id=${d.id}&from=11&limit=10&whole=true` });
    expect(from11.status).toBe(200);
    expect(from11.body.page.map((p: { page: number }) => p.page)).toEqual([11, 12]); // paid: 12 preview pages
    expect(from11.body.page[0].text).toHaveLength(2500);
    const excerpt = await t.call({ url: `/api/v1/document/pages/text?id=${d.id}&from=11&limit=1` });
    expect(excerpt.body.page[0].text).toHaveLength(2000);
    expect((await t.call({ url: `/api/v1/document/pages/text?id=${d.id}&from=0` })).status).toBe(400);
  });
});
