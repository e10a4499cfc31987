import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { coverKey, pageKey } from '../../../src/server/convert/keys.ts';
import { hashKey } from '../../../src/server/storage/storage.ts';
import { type TestApp } from '../support/app.ts';
import { category, creditOf, publish, setStatus, uniquePdf } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';
import { later } from '../support/clock.ts';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describeEachDialect('document recycle bin on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string; username: string };
  let parent: number;
  let cat: number;
  const catCount = async (id: number) =>
    (await t.ctx.db.selectFrom('categories').select('doc_count').where('id', '=', id).executeTakeFirstOrThrow()).doc_count;
  const userDocs = async () =>
    (await t.ctx.db.selectFrom('users').select('doc_count').where('id', '=', member.id).executeTakeFirstOrThrow()).doc_count;
  const remove = (ids: number[], token = member.token) =>
    t.call({ method: 'DELETE', url: `/api/v1/document?${ids.map((i) => `id=${i}`).join('&')}`, token });

  onStart(async (ready) => {
    ({ t, admin, member } = ready);
    parent = await category(t, admin, '回收上级');
    cat = await category(t, admin, '回收分类', parent);
  });

  it('lists deleted documents newest deletion first, with who deleted them', async () => {
    const [a, b] = [
      await publish(t, member.token, [cat], { title: '回收甲' }),
      await publish(t, member.token, [cat], { title: '回收乙' }),
    ];
    await remove([a.id]);
    await later(5, () => remove([b.id], admin));
    const res = await t.call({ url: '/api/v1/document/recycle?size=2', token: admin });
    expect(res.status).toBe(200);
    expect(res.body.document.map((d: { id: number }) => d.id)).toEqual([b.id, a.id]);
    expect(res.body.document[0]).toMatchObject({
      deleted_username: 'admin',
      username: member.username,
      deleted_at: expect.any(String),
    });
    expect(res.body.document[1].deleted_username).toBe(member.username);
    // recycled documents are gone from the normal list
    const live = await t.call({ url: `/api/v1/document/list?user_id=${member.id}`, token: member.token });
    expect((live.body.document ?? []).map((d: { id: number }) => d.id)).not.toContain(a.id);
  });

  it('recovers documents with their counters and links, without refunding credits', async () => {
    const d = await publish(t, member.token, [cat]);
    const [before, parentBefore, docsBefore] = [await catCount(cat), await catCount(parent), await userDocs()];
    await remove([d.id]);
    const credit = await creditOf(t, member.id);
    expect(await catCount(cat)).toBe(before - 1);
    const res = await t.call({ method: 'PUT', url: '/api/v1/document/recycle', token: admin, payload: { id: [d.id] } });
    expect(res.status).toBe(200);
    expect([await catCount(cat), await catCount(parent), await userDocs()]).toEqual([before, parentBefore, docsBefore]);
    expect(await creditOf(t, member.id)).toBe(credit);
    const row = await t.ctx.db
      .selectFrom('documents')
      .select(['deleted_at', 'deleted_user_id'])
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deleted_at: null, deleted_user_id: 0 });
    // recovering twice changes nothing
    await t.call({ method: 'PUT', url: '/api/v1/document/recycle', token: admin, payload: { id: [d.id] } });
    expect(await catCount(cat)).toBe(before);
  });

  it('deletes for good: rows, links, ratings, favorites; the files only when nothing else uses them', async () => {
    const shared = uniquePdf();
    const lone = uniquePdf();
    const keep = await publish(t, member.token, [cat], {}, shared);
    const twin = await publish(t, member.token, [cat], {}, shared);
    const solo = await publish(t, member.token, [cat], {}, lone);
    await setStatus(t, solo.id, 2);
    await t.ctx.db.updateTable('documents').set({ pages: 2, enable_gzip: 1 }).where('id', '=', solo.id).execute();
    const loneHash = md5(lone);
    for (const key of [pageKey(loneHash, 1, true), pageKey(loneHash, 2, true), coverKey(loneHash)])
      await t.ctx.storage.put(key, Buffer.from('x'));
    await t.ctx.db.insertInto('document_pages').values({ hash: loneHash, page: 1, text: '第一页' }).execute();
    const fan = await t.member();
    await t.call({ method: 'POST', url: '/api/v1/favorite', token: fan.token, payload: { document_id: solo.id } });
    await t.call({
      method: 'POST',
      url: '/api/v1/document/score',
      token: fan.token,
      payload: { document_id: solo.id, score: 500 },
    });
    await remove([twin.id, solo.id]);
    const res = await t.call({
      method: 'DELETE',
      url: `/api/v1/document/recycle?id=${twin.id}&id=${solo.id}&id=${keep.id}`,
      token: admin,
    });
    expect(res.status).toBe(200);
    const left = await t.ctx.db.selectFrom('documents').select('id').where('id', 'in', [keep.id, twin.id, solo.id]).execute();
    expect(left.map((r) => r.id)).toEqual([keep.id]); // a live document is never purged
    for (const table of ['document_categories', 'document_scores', 'favorites'] as const) {
      expect(await t.ctx.db.selectFrom(table).select('id').where('document_id', '=', solo.id).execute(), table).toHaveLength(0);
    }
    expect(
      (await t.ctx.db.selectFrom('users').select('favorite_count').where('id', '=', fan.id).executeTakeFirstOrThrow())
        .favorite_count,
    ).toBe(0);
    expect(await t.ctx.storage.exists(hashKey('documents', md5(shared), '.pdf'))).toBe(true);
    for (const key of [
      hashKey('documents', loneHash, '.pdf'),
      pageKey(loneHash, 1, true),
      pageKey(loneHash, 2, true),
      coverKey(loneHash),
    ]) {
      expect(await t.ctx.storage.exists(key), key).toBe(false);
    }
    expect(await t.ctx.db.selectFrom('document_pages').select('page').where('hash', '=', loneHash).execute()).toHaveLength(0);
    expect(await t.ctx.db.selectFrom('attachments').select('id').where('hash', '=', loneHash).execute()).toHaveLength(0);
  });

  it('empties the whole bin', async () => {
    const d = await publish(t, member.token, [cat]);
    await remove([d.id]);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/document/recycle/all', token: admin })).status).toBe(200);
    expect(await t.ctx.db.selectFrom('documents').select('id').where('deleted_at', 'is not', null).execute()).toHaveLength(0);
    expect((await t.call({ url: '/api/v1/document/recycle', token: admin })).body).toEqual({});
  });
});
