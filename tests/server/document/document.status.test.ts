import { createHash } from 'node:crypto';
import { describe, expect } from 'vitest';
import { coverKey, pageKey } from '../../../src/server/convert/keys.ts';
import { canTransition, CHECK_TARGETS } from '../../../src/server/modules/document/document.status.ts';
import { type TestApp } from '../support/app.ts';
import { category, publish, setStatus, uniquePdf } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

/** The table of allowed manual changes, written out independently of the implementation. */
const ALLOWED: Record<number, number[]> = {
  0: [6, 7, 4, 5],
  1: [],
  2: [6, 4, 5],
  3: [6, 7, 4, 5],
  4: [2],
  5: [6, 4],
  6: [0, 7, 4],
  7: [0, 6, 4],
};
const LABEL = ['待转换', '转换中', '已转换', '转换失败', '已禁用', '重新转换', '待审核', '审核拒绝'];

describe('document status machine', () => {
  it('allows exactly the documented transitions (and staying put)', () => {
    for (let from = 0; from < 8; from++) {
      for (let to = 0; to < 8; to++) {
        expect(canTransition(from, to), `${from} → ${to}`).toBe(from === to || ALLOWED[from].includes(to));
      }
    }
  });
});

describeEachDialect('document review API on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let cat: number;
  const statusOf = async (id: number) =>
    (await t.ctx.db.selectFrom('documents').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const check = (id: number[], status: number, token = admin) =>
    t.call({ method: 'PUT', url: '/api/v1/document/check', token, payload: { id, status } });

  onStart(async (ready) => {
    ({ t, admin, member } = ready);
    cat = await category(t, admin, '审核分类');
  });

  it('walks every check target from every status: allowed ones apply, refused ones name document and statuses', async () => {
    const d = await publish(t, member.token, [cat], { title: '状态机' });
    for (let from = 0; from < 8; from++) {
      for (const to of CHECK_TARGETS) {
        await setStatus(t, d.id, from, 0);
        const res = await check([d.id], to);
        if (from === to || ALLOWED[from].includes(to)) {
          expect(res.status, `${from} → ${to}`).toBe(200);
          // approving or enabling a document that never had pages queues it for conversion
          expect(await statusOf(d.id)).toBe(to === 2 && from !== 2 ? 0 : to);
        } else {
          expect(res.status, `${from} → ${to}`).toBe(400);
          expect(res.body.message).toBe(`文档《状态机》当前状态为【${LABEL[from]}】，不能变更为【${LABEL[to]}】`);
          expect(await statusOf(d.id)).toBe(from);
        }
      }
    }
  });

  it('approves to pending conversion, or straight to converted when the file already is', async () => {
    const data = uniquePdf();
    const first = await publish(t, admin, [cat], {}, data);
    await t.ctx.db
      .updateTable('documents')
      .set({
        status: 2,
        pages: 4,
        preview: 4,
        width: 300,
        height: 200,
        preview_ext: '.svg',
        enable_gzip: 1,
        converted_at: new Date().toISOString(),
      })
      .where('id', '=', first.id)
      .execute();
    // the converter's pages of that file are in storage
    const hash = createHash('md5').update(data).digest('hex');
    for (const key of [coverKey(hash), pageKey(hash, 1, true)]) await t.ctx.storage.put(key, Buffer.from('x'));
    const copy = await publish(t, member.token, [cat], {}, data);
    const fresh = await publish(t, member.token, [cat]);
    expect(await statusOf(copy.id)).toBe(6);
    expect((await check([copy.id, fresh.id], 0)).status).toBe(200);
    expect(await statusOf(fresh.id)).toBe(0);
    const row = await t.ctx.db.selectFrom('documents').selectAll().where('id', '=', copy.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 2, pages: 4, preview: 4, width: 300, height: 200 });
    // an upload of an already converted file by a user without review is converted at once
    const instant = await publish(t, admin, [cat], {}, data);
    expect(instant.status).toBe(2);
  });

  it('disables and re-enables a converted document; refuses unknown targets; one bad document rolls back the batch', async () => {
    const a = await publish(t, admin, [cat]);
    const b = await publish(t, admin, [cat]);
    await setStatus(t, a.id, 2);
    await setStatus(t, b.id, 6);
    expect((await check([a.id], 4)).status).toBe(200);
    expect(await statusOf(a.id)).toBe(4);
    expect((await check([a.id], 2)).status).toBe(200);
    expect(await statusOf(a.id)).toBe(2);
    expect((await check([a.id], 5)).status).toBe(400);
    const batch = await check([b.id, a.id], 7);
    expect(batch.status).toBe(400);
    expect(await statusOf(b.id)).toBe(6);
    expect((await check([999999], 0)).status).toBe(404);
  });

  it('reconverts chosen documents (not converting, under review, rejected or disabled) or all failed ones', async () => {
    const [a, b, c, d] = [
      await publish(t, admin, [cat]),
      await publish(t, admin, [cat]),
      await publish(t, admin, [cat]),
      await publish(t, admin, [cat]),
    ];
    await setStatus(t, a.id, 3);
    await setStatus(t, b.id, 2);
    await setStatus(t, c.id, 1);
    await setStatus(t, d.id, 3);
    await t.ctx.db.updateTable('documents').set({ convert_error: '转换失败' }).where('id', '=', a.id).execute();
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/document/reconvert', token: admin, payload: { id: [a.id, b.id] } })).status,
    ).toBe(200);
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual([5, 5]);
    expect(
      (await t.ctx.db.selectFrom('documents').select('convert_error').where('id', '=', a.id).executeTakeFirstOrThrow())
        .convert_error,
    ).toBe('');
    const busy = await t.call({ method: 'PUT', url: '/api/v1/document/reconvert', token: admin, payload: { id: [c.id] } });
    expect(busy.status).toBe(400);
    expect(busy.body.message).toContain('【转换中】');
    await setStatus(t, c.id, 6);
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/document/reconvert', token: admin, payload: { id: [c.id] } })).status,
    ).toBe(400);
    expect((await t.call({ method: 'PUT', url: '/api/v1/document/reconvert', token: admin })).status).toBe(200);
    expect(await statusOf(d.id)).toBe(5);
    expect(await statusOf(c.id)).toBe(6);
  });

  it('answers 401 to guests and 403 to members without 文档审核', async () => {
    const d = await publish(t, member.token, [cat]);
    expect((await check([d.id], 0, '')).status).toBe(401);
    const res = await check([d.id], 0, member.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('您没有权限访问【文档审核】');
  });
});
