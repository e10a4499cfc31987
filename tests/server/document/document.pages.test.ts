import { expect } from 'vitest';
import { category, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';
import { SETTINGS } from '../../../src/domain/settings/index.ts';

describeEachDialect('page text of documents on %s', { member: false }, () => {
  let cat: number;
  onStart(async ({ t, admin }) => {
    cat = await category(t, admin, '资料');
  });

  it('returns the text of the first previewable pages of a converted document, without counting a view', async ({ t, admin }) => {
    const d = await publish(t, admin, [cat], { title: '页面文字' });
    expect((await t.call({ url: `/api/v1/document/pages/text?id=${d.id}` })).status).toBe(404);
    await setStatus(t, d.id, 2, 5);
    const { hash } = await t.ctx.db.selectFrom('documents').select('hash').where('id', '=', d.id).executeTakeFirstOrThrow();
    await t.ctx.db.deleteFrom('document_pages').where('hash', '=', hash).execute();
    await t.ctx.db
      .insertInto('document_pages')
      .values([1, 2, 3, 4, 5].map((page) => ({ hash, page, text: `第${page}页的文字` })))
      .execute();
    await t.ctx.db.updateTable('documents').set({ preview: 2 }).where('id', '=', d.id).execute();

    const res = await t.call({ url: `/api/v1/document/pages/text?id=${d.id}&limit=5` });
    expect(res.status).toBe(200);
    expect(res.body.page).toEqual([
      { page: 1, text: '第1页的文字' },
      { page: 2, text: '第2页的文字' },
    ]); // the preview limit holds
    const views = await t.ctx.db.selectFrom('documents').select('view_count').where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(views.view_count).toBe(0);
    expect((await t.call({ url: `/api/v1/document/pages/text?id=${d.id}&limit=99` })).status).toBe(400);
  });

  it('reads settings inside a write transaction without waiting for it', async ({ t }) => {
    t.ctx.settings.invalidate();
    const name = await Promise.race([
      t.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ signature: 'x' }).where('id', '=', 1).execute();
        return t.ctx.settings.get(SETTINGS.system.sitename);
      }),
      new Promise<string>((_, reject) => setTimeout(() => reject(new Error('settings read blocked by the transaction')), 5000)),
    ]);
    expect(name).toBeTruthy();
  });
});
