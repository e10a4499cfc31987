import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { grantViaApi } from '../support/grant-api.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';
import { REPORT_REASON_LABELS } from '../../../src/domain/status.ts';

/** A converted document row owned by `userId`, inserted directly. */
async function insertDocument(t: TestApp, userId: number, title: string, deleted = false): Promise<{ id: number; uuid: string }> {
  const now = new Date().toISOString();
  return t.ctx.db
    .insertInto('documents')
    .values({
      uuid: randomUUID().replace(/-/g, ''),
      title,
      keywords: '',
      description: '',
      preview_ext: '.svg',
      ext: '.pdf',
      language: '',
      hash: 'd41d8cd98f00b204e9800998ecf8427e',
      convert_error: '',
      lease_owner: '',
      user_id: userId,
      width: 0,
      height: 0,
      pages: 3,
      preview: 0,
      enable_gzip: 0,
      download_count: 0,
      view_count: 0,
      favorite_count: 0,
      comment_count: 0,
      score: 0,
      score_count: 0,
      price: 0,
      status: 2,
      attachment_id: 0,
      deleted_user_id: 0,
      convert_attempts: 0,
      size: 1024,
      recommend_at: null,
      deleted_at: deleted ? now : null,
      lease_until: null,
      converted_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}

describeEachDialect('report API on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let reporter: { id: number; token: string; username: string };
  let doc: { id: number; uuid: string };
  let other: { id: number; uuid: string };
  onStart(async (ready) => {
    ({ t, admin } = ready);
    reporter = await t.member();
    doc = await insertDocument(t, 1, '线性代数讲义');
    other = await insertDocument(t, 1, '英语四级真题');
  });

  const report = (payload: Record<string, unknown>, token = reporter.token) =>
    t.call({ method: 'POST', url: '/api/v1/report', token, payload });

  it('lets a member report a document once while the report is open', async () => {
    const res = await report({ document_id: doc.id, reason: 1, remark: '全是广告' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const again = await report({ document_id: doc.id, reason: 2 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 6, message: '您已经举报过该文档了' });
    expect((await report({ document_id: other.id, reason: 6 })).status).toBe(200);
  });

  it("the API description lists every reason the API accepts, Wenku's 7 侵权/版权 included", async () => {
    const doc = (await t.call({ url: '/api/docs/json' })).body as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const summary = doc.paths['/api/v1/report']?.post?.summary ?? '';
    for (const [value, label] of Object.entries(REPORT_REASON_LABELS)) expect(summary).toContain(`${value} ${label}`);
    expect(summary).toContain('7 侵权/版权');
  });

  it('validates the document and the reason', async () => {
    const reason = await report({ document_id: doc.id, reason: 8 });
    expect(reason.status).toBe(400);
    expect(reason.body).toMatchObject({ code: 3, message: '请选择正确的举报原因' });
    expect((await report({ document_id: doc.id })).body.message).toBe('请选择举报原因');
    expect((await report({ reason: 1 })).body.message).toBe('请指定要举报的文档');
    const missing = await report({ document_id: 99999, reason: 1 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('文档不存在');
    const binned = await insertDocument(t, 1, '回收站里的文档', true);
    expect((await report({ document_id: binned.id, reason: 1 })).status).toBe(404);
    expect((await report({ document_id: doc.id, reason: 1 }, '')).status).toBe(401);
  });

  it('lists reports with document and reporter for holders, filtered by status and title', async () => {
    const res = await t.call({ url: '/api/v1/report/list', token: admin });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.report[1]).toMatchObject({
      document_id: doc.id,
      document_title: '线性代数讲义',
      document_uuid: doc.uuid,
      user_id: reporter.id,
      username: reporter.username,
      reason: 1,
      remark: '全是广告',
    });
    expect(res.body.report[1].status).toBeUndefined();
    const wd = await t.call({ url: `/api/v1/report/list?wd=${encodeURIComponent('英语')}`, token: admin });
    expect(wd.body.report.map((r: { document_id: number }) => r.document_id)).toEqual([other.id]);
    expect((await t.call({ url: '/api/v1/report/list?status=true', token: admin })).body).toEqual({});
  });

  it('lets holders mark a report handled, after which the member may report again', async () => {
    const list = (await t.call({ url: '/api/v1/report/list', token: admin })).body.report;
    const first = list.find((r: { document_id: number }) => r.document_id === doc.id);
    const upd = await t.call({
      method: 'PUT',
      url: '/api/v1/report',
      token: admin,
      payload: { id: first.id, status: true, remark: '已下架' },
    });
    expect(upd.status).toBe(200);
    const handled = await t.call({ url: '/api/v1/report/list?status=1', token: admin });
    expect(handled.body.report).toEqual([expect.objectContaining({ id: first.id, status: true, remark: '已下架' })]);
    expect((await t.call({ url: '/api/v1/report/list?status=false', token: admin })).body.total).toBe(1);
    expect((await report({ document_id: doc.id, reason: 4 })).status).toBe(200);

    const missing = await t.call({ method: 'PUT', url: '/api/v1/report', token: admin, payload: { id: 99999, status: true } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('举报不存在');
    expect((await t.call({ method: 'PUT', url: '/api/v1/report', token: admin, payload: { status: true } })).status).toBe(400);
  });

  it('deletes reports for holders', async () => {
    const ids = (await t.call({ url: '/api/v1/report/list', token: admin })).body.report.map((r: { id: number }) => r.id);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/report', token: admin })).body.message).toBe('请选择要删除的举报');
    const del = await t.call({ method: 'DELETE', url: `/api/v1/report?id=${ids[0]}&id=${ids[1]}`, token: admin });
    expect(del.status).toBe(200);
    expect((await t.call({ url: '/api/v1/report/list', token: admin })).body.total).toBe(ids.length - 2);
  });

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    expect((await t.call({ url: '/api/v1/report/list' })).status).toBe(401);
    const list = await t.call({ url: '/api/v1/report/list', token: reporter.token });
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ code: 7, message: '您没有权限访问【查询举报列表】' });
    const upd = await t.call({ method: 'PUT', url: '/api/v1/report', token: reporter.token, payload: { id: 1, status: true } });
    expect(upd.body.message).toBe('您没有权限访问【处理举报内容】');
    const del = await t.call({ method: 'DELETE', url: '/api/v1/report?id=1', token: reporter.token });
    expect(del.body.message).toBe('您没有权限访问【删除举报内容】');

    const handler = await t.member();
    await grantViaApi(t, admin, handler.id, ['/api.v1.ReportAPI/ListReport', '/api.v1.ReportAPI/UpdateReport']);
    expect((await t.call({ url: '/api/v1/report/list', token: handler.token })).status).toBe(200);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/report?id=1', token: handler.token })).status).toBe(403);
  });
});
