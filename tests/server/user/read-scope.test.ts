import { expect } from 'vitest';
import { insertDoc } from '../support/comment-fixtures.ts';
import { listen } from '../support/http.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('reads over HTTP on %s', { admin: false, member: false }, () => {
  let base: string;
  let adminId: number;

  onStart(async ({ t }) => {
    base = `http://127.0.0.1:${await listen(t)}`;
    adminId = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  });

  const list = async () => {
    const res = await fetch(`${base}/api/v1/document/list?page=1&size=5&order=id%20desc`);
    expect(res.status).toBe(200);
    return (await res.json()) as { total?: number; document?: Array<{ id: number; title: string }> };
  };

  it('each request sees every write made before it, by anyone, however its checks share one read', async ({ t }) => {
    const first = await insertDoc(t, adminId, '第一篇');
    const before = await list();
    expect(before.document?.[0]?.id).toBe(first);
    // behind the server's back, as another instance or the converter would write
    const second = await insertDoc(t, adminId, '第二篇');
    const after = await list();
    expect(after.document?.[0]).toMatchObject({ id: second, title: '第二篇' });
    expect(after.total).toBe((before.total ?? 0) + 1);
    await t.ctx.db.updateTable('documents').set({ title: '改过的标题' }).where('id', '=', second).execute();
    expect((await list()).document?.[0]?.title).toBe('改过的标题');
  });
});
