import { expect } from 'vitest';
import { fillZero } from '../../../src/api/call.ts';
import { documentGet } from '../../../src/api/generated/document.ts';
import type { Document } from '../../../src/contract/document.ts';
import { DEFAULT_SETTINGS } from '../../../src/api/settings-defaults.ts';
import { memberReason } from '../../../src/server/convert/member-reason.ts';
import { documentViewHtml } from '../../../src/views/document/view.ts';
import { type TestApp } from '../support/app.ts';
import { category, publish } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const normalizeDocument = (raw: unknown) => fillZero<Document>(documentGet.zero, raw);

// as the converter writes them: a reason in Chinese, then the tool's own message
const REASON = '第 2 页生成的 SVG 不是有效的 XML，浏览器无法显示';
const TECHNICAL = `${REASON}（29:17: disallowed character.）`;
const WITH_PATH = 'LibreOffice 无法转换该文档，文件可能已损坏或已加密（/tmp/wenku-convert-42-abc/合同.doc 无法读取）';

describeEachDialect("a failed document's page tells its uploader and the reviewers why (%s)", () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let id: number;
  const read = async (token: string) => normalizeDocument((await t.call({ url: `/api/v1/document?id=${id}`, token })).body);
  const render = (doc: ReturnType<typeof normalizeDocument>) =>
    documentViewHtml(doc, { settings: DEFAULT_SETTINGS, byId: new Map(), texts: [] });

  onStart(async (ready) => {
    ({ t, admin, member } = ready);
    const cat = await category(t, admin, '失败');
    id = (await publish(t, member.token, [cat], { title: '转换失败的文档' })).id;
    await t.ctx.db.updateTable('documents').set({ status: 3, pages: 0, convert_error: TECHNICAL }).where('id', '=', id).execute();
  });

  it('gives the uploader the reason in plain words and the admin the tool message too', async () => {
    // the uploader reads plain words and what to do (convert/member-reason.ts), the admin the technical reason
    expect((await read(member.token)).convert_error).toBe(memberReason(TECHNICAL));
    expect((await read(member.token)).convert_error).toContain('替换文件');
    expect((await read(admin)).convert_error).toBe(TECHNICAL);
    await t.ctx.db.updateTable('documents').set({ convert_error: WITH_PATH }).where('id', '=', id).execute();
    // server paths and tool messages never reach the uploader
    const plain = (await read(member.token)).convert_error;
    expect(plain).toContain('文件可能已损坏或设置了打开密码');
    expect(plain).not.toContain('/tmp/');
    expect((await read(admin)).convert_error).toBe(WITH_PATH);
    await t.ctx.db.updateTable('documents').set({ convert_error: TECHNICAL }).where('id', '=', id).execute();
  });

  it('renders the reason on the reader page instead of "0 页"', async () => {
    const page = render(await read(member.token));
    expect(page).toContain(`失败原因：${memberReason(TECHNICAL)}</span>`);
    expect(page).toContain('文档转换失败，无法在线预览');
    expect(page).not.toContain('0 页');
    expect(page).toContain('<span data-doc-status>转换失败</span>');
    expect(render(await read(admin))).toContain(`失败原因：${TECHNICAL}`);
  });
});
