import { expect } from 'vitest';
import { syncIndex } from '../../../src/server/search/sync.ts';
import { type TestApp } from '../support/app.ts';
import { category, setStatus, uploadPdf } from '../support/documents.ts';
import { createOrder, enableVip, payOrder, setCredit } from '../support/money.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('VIP documents, the VIP特享 filter, ad-free VIPs and the sign-in award on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let cat: number;

  onStart(async (ready) => {
    ({ t, admin } = ready);
    cat = await category(t, admin, 'VIP文档分类');
  });

  const publishVip = async (token: string, isVip: boolean, title: string, price = 3) => {
    const attachment_id = await uploadPdf(t, token);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/document',
      token,
      payload: { category_id: [cat], document: [{ title, attachment_id, price, is_vip: isVip }] },
    });
    expect(res.status).toBe(200);
    const id = res.body.document[0].id as number;
    await setStatus(t, id, 2);
    return id;
  };
  // read as the admin: an uploader's edit may send the document back to review
  const isVipDoc = async (id: number) => (await t.call({ url: `/api/v1/document?id=${id}`, token: admin })).body.is_vip === true;
  const makeVip = async (m: { id: number; token: string }) => {
    await setCredit(t, admin, m.id, 10);
    const order = await createOrder(t, m.token, { order_type: 2, product_id: 2 });
    expect((await payOrder(t, m.token, order.order_no, 5)).status).toBe(200);
  };

  it('keeps 加入VIP文档 at upload only while VIP is on', async () => {
    const m = await t.member();
    await t.setConfig('vip', 'enable', 'false');
    const off = await publishVip(m.token, true, 'VIP关闭时上传');
    expect(await isVipDoc(off)).toBe(false);
    await enableVip(t);
    const on = await publishVip(m.token, true, 'VIP开启时上传');
    const plain = await publishVip(m.token, false, '普通上传');
    expect(await isVipDoc(on)).toBe(true);
    expect(await isVipDoc(plain)).toBe(false);
  });

  it('lets the uploader (VIP on) and the admin (always) set VIP文档 in the document edit', async () => {
    await enableVip(t);
    const m = await t.member();
    const other = await t.member();
    const id = await publishVip(m.token, false, '编辑VIP');
    const put = (token: string, is_vip: boolean) =>
      t.call({ method: 'PUT', url: '/api/v1/document', token, payload: { id, is_vip } });
    expect((await put(m.token, true)).status).toBe(200);
    expect(await isVipDoc(id)).toBe(true);
    expect((await put(other.token, false)).status).toBe(403);
    expect(await isVipDoc(id)).toBe(true);
    await t.setConfig('vip', 'enable', 'false');
    expect((await put(m.token, false)).status).toBe(200);
    expect(await isVipDoc(id)).toBe(true); // an uploader's VIP flag is not a setting while VIP is off
    expect((await put(admin, false)).status).toBe(200);
    expect(await isVipDoc(id)).toBe(false);
    // a title edit leaves the flag alone
    await put(admin, true);
    expect((await t.call({ method: 'PUT', url: '/api/v1/document', token: admin, payload: { id, title: '改名' } })).status).toBe(
      200,
    );
    expect(await isVipDoc(id)).toBe(true);
    await enableVip(t);
  });

  it('keeps VIP to priced documents: a free one is refused at upload, in the edit and in the batch', async () => {
    await enableVip(t);
    const m = await t.member();
    const attachment_id = await uploadPdf(t, m.token);
    const free = await t.call({
      method: 'POST',
      url: '/api/v1/document',
      token: m.token,
      payload: { category_id: [cat], document: [{ title: '免费VIP', attachment_id, price: 0, is_vip: true }] },
    });
    expect(free.status).toBe(400);
    expect(free.body.message).toContain('免费文档不能设为VIP文档');
    const id = await publishVip(m.token, true, '付费VIP');
    const put = (token: string, payload: object) =>
      t.call({ method: 'PUT', url: '/api/v1/document', token, payload: { id, ...payload } });
    // making it free while it stays VIP is refused, nothing written; free and not VIP is fine
    const refused = await put(m.token, { price: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('请先设置售价');
    expect((await t.call({ url: `/api/v1/document?id=${id}`, token: admin })).body.price).toBe(3);
    expect((await put(m.token, { price: 0, is_vip: false })).status).toBe(200);
    expect((await put(admin, { is_vip: true })).status).toBe(400);
    expect(await isVipDoc(id)).toBe(false);
    const batch = await t.call({
      method: 'PUT',
      url: '/api/v1/document/vip',
      token: admin,
      payload: { document_id: [id, await publishVip(m.token, false, '付费普通')], is_vip: true },
    });
    expect(batch.status).toBe(400);
    expect(batch.body.message).toContain('1 篇免费文档');
    // unmarking is always allowed
    const unmark = { document_id: [id], is_vip: false };
    expect((await t.call({ method: 'PUT', url: '/api/v1/document/vip', token: admin, payload: unmark })).status).toBe(200);
  });

  it('lists only VIP documents for fee_type=vip', async () => {
    await enableVip(t);
    const m = await t.member();
    const vip = await publishVip(m.token, true, '筛选VIP');
    const plain = await publishVip(m.token, false, '筛选普通');
    const list = async (fee: string) => {
      const res = await t.call({ url: `/api/v1/document/list?category_id=${cat}&size=24&fee_type=${fee}` });
      expect(res.status).toBe(200);
      return (res.body.document as Array<{ id: number; is_vip?: boolean }>) ?? [];
    };
    const vips = await list('vip');
    expect(vips.map((d) => d.id)).toContain(vip);
    expect(vips.map((d) => d.id)).not.toContain(plain);
    expect(vips.every((d) => d.is_vip)).toBe(true);
    const all = (await list('')).map((d) => d.id);
    expect(all).toEqual(expect.arrayContaining([vip, plain]));
    expect((await list('charge')).map((d) => d.id)).toEqual(expect.arrayContaining([vip, plain]));
  });

  it('marks VIP documents in search results', async () => {
    await enableVip(t);
    const m = await t.member();
    const vip = await publishVip(m.token, true, '检索特享资料');
    const plain = await publishVip(m.token, false, '检索普通资料');
    // published behind the index's back (setStatus): the consistency sweep takes them in
    await syncIndex(t.ctx.db);
    const res = await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent('检索')}` });
    expect(res.status).toBe(200);
    const hits = new Map((res.body.document as Array<{ id: number; is_vip?: boolean }>).map((d) => [d.id, d]));
    expect(hits.get(vip)?.is_vip).toBe(true);
    // the wire leaves false out, as moredoc's does
    expect(hits.get(plain)).toBeTruthy();
    expect(hits.get(plain)?.is_vip).toBeFalsy();
  });

  it('shows no ads to a VIP member while VIP is on', async () => {
    await enableVip(t);
    const ad = await t.call({
      method: 'POST',
      url: '/api/v1/advertisement',
      token: admin,
      payload: { position: 'global_top', title: 'VIP不见', content: '<b>广告</b>' },
    });
    expect(ad.status).toBe(200);
    const m = await t.member();
    const ads = async (token?: string) =>
      ((await t.call({ url: '/api/v1/advertisement/position?position=global_top', token })).body.advertisement ?? []).length;
    expect(await ads()).toBe(1);
    expect(await ads(m.token)).toBe(1);
    await makeVip(m);
    expect(await ads(m.token)).toBe(0);
    expect(await ads()).toBe(1);
    await t.setConfig('vip', 'enable', 'false');
    expect(await ads(m.token)).toBe(1);
    await enableVip(t);
  });

  it('publishes the daily sign-in award with the credit name in the site settings', async () => {
    await t.setConfig('score', 'sign_in', '7');
    await t.setConfig('score', 'credit_name', '金币');
    const { system } = (await t.call({ url: '/api/v1/settings' })).body;
    expect(system).toMatchObject({ sign_award: 7, credit_name: '金币' });
    const m = await t.member();
    const sign = await t.call({ method: 'PUT', url: '/api/v1/user/sign', token: m.token });
    expect(sign.body.award).toBe(7);
    expect((await t.call({ method: 'PUT', url: '/api/v1/user/sign', token: m.token })).status).toBe(409);
  });
});
