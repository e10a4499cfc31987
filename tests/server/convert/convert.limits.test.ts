import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, vi } from 'vitest';
import { ConvertRefused } from '../../../src/server/convert/errors.ts';
import { runTool } from '../../../src/server/convert/exec.ts';
import { childEnv } from '../../../src/server/convert/tools.ts';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import { makeZip } from '../../fixtures/make-zip.ts';
import { docxParts } from '../../fixtures/templates.ts';
import { addDocument, fixture, getDocument } from './convert.support.ts';
import { describeEachDialect, it, test } from '../support/fixture.ts';
import { waitFor } from '../support/wait.ts';

/** A DOCX whose document.xml is `mb` MB of paragraphs: a few hundred KB on disk, several GB in LibreOffice. */
function docxBomb(mb: number): Buffer {
  const parts = docxParts();
  const para = '<w:p><w:r><w:t>炸弹</w:t></w:r></w:p>';
  const body = para.repeat(Math.ceil((mb * 1024 * 1024) / Buffer.byteLength(para)));
  return makeZip(
    parts.map((p) => (p.name === 'word/document.xml' ? { ...p, data: p.data.replace('<w:sectPr>', `${body}<w:sectPr>`) } : p)),
  );
}

/** Rewrites the uncompressed size an entry declares in the central directory (a lying archive). */
function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const eocd = zip.length - 22;
  let p = zip.readUInt32LE(eocd + 16);
  while (zip.readUInt32LE(p) === 0x02014b50) {
    const nameLen = zip.readUInt16LE(p + 28);
    if (zip.toString('utf8', p + 46, p + 46 + nameLen) === name) zip.writeUInt32LE(size, p + 24);
    p += 46 + nameLen + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return zip;
}

/** A small valid DOCX of its own content (each a different file, so none is deduplicated). */
const docx = (text: string) =>
  makeZip(
    docxParts().map((p) => (p.name === 'word/document.xml' ? { ...p, data: p.data.replace('合同审批流程说明', text) } : p)),
  );

describeEachDialect('converter limits (%s)', { admin: false, member: false }, (dialect) => {
  test.afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('refuses a zip bomb before LibreOffice, converts the next document, and “reconvert all” leaves the bomb alone', async ({
    t,
  }) => {
    const bomb = await addDocument(t, docxBomb(40), '.docx');
    const normal = await addDocument(t, docx(`炸弹之后的正常文档 ${dialect}`), '.docx');
    const broken = await addDocument(t, fixture('corrupt.pdf'), '.pdf');
    const worker = new ConverterWorker(t.ctx, { pollMs: 50, concurrency: 1 }).start();
    try {
      await waitFor(
        async () => {
          const docs = await Promise.all([bomb, normal, broken].map((d) => getDocument(t, d.id)));
          return docs.every((d) => d.status === 2 || d.status === 3);
        },
        { what: 'all three to finish', timeout: 60_000 },
      );
    } finally {
      await worker.stop();
    }
    const refused = await getDocument(t, bomb.id);
    expect(refused.status).toBe(3);
    expect(refused.convert_error).toMatch(/^文档解压后过大，疑似压缩炸弹/);
    expect((await getDocument(t, normal.id)).status).toBe(2);
    expect((await getDocument(t, broken.id)).status).toBe(3);

    const admin = await t.adminToken();
    expect((await t.call({ method: 'PUT', url: '/api/v1/document/reconvert', token: admin })).status).toBe(200);
    // an ordinary failure goes back to the queue; the bomb stays failed with its reason
    expect((await getDocument(t, broken.id)).status).toBe(5);
    expect(await getDocument(t, bomb.id)).toMatchObject({ status: 3, convert_error: refused.convert_error });
    // picked by id, it is queued again
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/document/reconvert', token: admin, payload: { id: [bomb.id] } })).status,
    ).toBe(200);
    expect((await getDocument(t, bomb.id)).status).toBe(5);
    await t.ctx.db.deleteFrom('documents').where('id', 'in', [bomb.id, normal.id, broken.id]).execute();
  }, 90_000);

  it('refuses a package whose entry holds more than its central directory declares', async ({ t }) => {
    const liar = await addDocument(t, declareSize(docxBomb(8), 'word/document.xml', 4096), '.docx');
    expect(await new ConverterWorker(t.ctx).convertOne()).toEqual({ id: liar.id, status: 3 });
    expect((await getDocument(t, liar.id)).convert_error).toMatch(/比声明的更大，疑似压缩炸弹/);
  });

  it('converts two documents at once when concurrency is 2', async ({ t }) => {
    const a = await addDocument(t, docx(`并发文档甲 ${dialect}`), '.docx');
    const b = await addDocument(t, fixture('chinese.pptx'), '.pptx');
    const worker = new ConverterWorker(t.ctx, { pollMs: 50, concurrency: 2 }).start();
    try {
      await waitFor(
        async () => {
          const docs = await Promise.all([a, b].map((d) => getDocument(t, d.id)));
          return docs.every((d) => d.status === 1 && d.lease_owner === worker.id);
        },
        { what: 'both documents to be converting at the same time' },
      );
      await waitFor(async () => (await Promise.all([a, b].map((d) => getDocument(t, d.id)))).every((d) => d.status === 2), {
        what: 'both to be converted',
      });
    } finally {
      await worker.stop();
    }
  }, 60_000);

  it('ends LibreOffice at the memory limit and refuses the document for good', async ({ t }) => {
    vi.stubEnv('WENKU_CONVERT_MEMORY_MB', '100');
    const doc = await addDocument(t, docx(`内存限制 ${dialect}`), '.docx');
    expect(await new ConverterWorker(t.ctx).convertOne()).toEqual({ id: doc.id, status: 3 });
    const failed = await getDocument(t, doc.id);
    expect(failed.convert_error).toContain('可能超出了资源限制（内存 100 MB');
    expect((await t.call({ method: 'PUT', url: '/api/v1/document/reconvert', token: await t.adminToken() })).status).toBe(200);
    expect((await getDocument(t, doc.id)).status).toBe(3);
  });
});

describe('converter children', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wenku-convert-limits-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('see a minimal environment, never the server secrets, and run under the memory and CPU limits', async () => {
    vi.stubEnv('WENKU_ADMIN_PASSWORD', 'secret-admin-password');
    vi.stubEnv('DATABASE_URL', 'postgres://user:secret@db/wenku');
    vi.stubEnv('HTTPS_PROXY', 'http://proxy:3128');
    vi.stubEnv('WENKU_CONVERT_MEMORY_MB', '1536');
    vi.stubEnv('WENKU_CONVERT_CPU_SECONDS', '123');
    const tool = join(dir, 'fake-tool.sh');
    writeFileSync(tool, '#!/bin/sh\nenv\necho ---\ncat /proc/self/limits\n');
    chmodSync(tool, 0o755);
    const res = await runTool(tool, [], { timeoutMs: 10_000, cwd: dir, env: childEnv(dir), tool: '测试工具' });
    const [envText, limits] = res.stdout.split('---\n');
    const names = envText
      .trim()
      .split('\n')
      .map((l) => l.split('=')[0])
      .filter((n) => n !== 'PWD' && n !== 'SHLVL' && n !== '_');
    expect(names.sort()).toEqual(['HOME', 'LANG', 'LC_ALL', 'PATH', 'TMPDIR']);
    expect(envText).toContain(`HOME=${dir}\n`);
    expect(res.stdout).not.toContain('secret');
    expect(limits).toMatch(new RegExp(`Max data size\\s+${1536 * 1024 * 1024}\\s+${1536 * 1024 * 1024}\\s+bytes`));
    expect(limits).toMatch(/Max cpu time\s+123\s+123\s+seconds/);
  });

  it('end a tool that spins past the CPU limit, with a reason', async () => {
    vi.stubEnv('WENKU_CONVERT_CPU_SECONDS', '1');
    const run = runTool('sh', ['-c', 'while :; do :; done'], { timeoutMs: 60_000, env: childEnv(dir), tool: '测试工具' });
    await expect(run).rejects.toBeInstanceOf(ConvertRefused);
    await expect(run).rejects.toThrow('测试工具 转换时异常退出，可能超出了资源限制（内存 2048 MB、CPU 1 秒）');
  });
});
