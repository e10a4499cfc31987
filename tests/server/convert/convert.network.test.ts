import { chmodSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { NO_ISOLATION } from '../../../src/server/convert/ebook.ts';
import { makeZip } from '../../fixtures/make-zip.ts';
import { addDocument, fixture, getDocument, spawnWorker } from './convert.support.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';
import { waitFor } from '../support/wait.ts';

/** An ODT whose only image is linked from `url`, not embedded. */
function odtWithLinkedImage(url: string): Buffer {
  const ns =
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"';
  return makeZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', store: true },
    {
      name: 'content.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ns} office:version="1.2"><office:body><office:text><text:p>带外部图片链接的文档<draw:frame draw:name="img" text:anchor-type="paragraph" svg:width="5cm" svg:height="5cm"><draw:image xlink:href="${url}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p></office:text></office:body></office:document-content>`,
    },
    {
      name: 'META-INF/manifest.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest ${ns} manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    },
  ]);
}

describeEachDialect('converter without network isolation (%s)', { admin: false, member: false }, (dialect) => {
  let server: Server;
  const requests: string[] = [];
  // /usr/bin without `unshare` (as in a container without namespaces), and a stand-in for Calibre
  const bin = mkdtempSync(join(tmpdir(), 'wenku-no-unshare-'));
  onStart(async (_started) => {
    for (const name of readdirSync('/usr/bin'))
      if (name !== 'unshare' && name !== 'ebook-convert') symlinkSync(join('/usr/bin', name), join(bin, name));
    writeFileSync(join(bin, 'ebook-convert'), '#!/bin/sh\nexit 1\n');
    chmodSync(join(bin, 'ebook-convert'), 0o755);
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    server?.close();
    rmSync(bin, { recursive: true, force: true });
  });

  it('warns loudly, converts office documents without fetching linked resources, and refuses e-books', async ({ t }) => {
    const { port } = server.address() as AddressInfo;
    const linked = await addDocument(t, odtWithLinkedImage(`http://127.0.0.1:${port}/tracker-${dialect}.png`), '.odt');
    const ebook = await addDocument(t, fixture('book.epub'), '.epub');
    const worker = await spawnWorker(t, { PATH: bin });
    try {
      await waitFor(
        async () =>
          (await Promise.all([linked, ebook].map((d) => getDocument(t, d.id)))).every((d) => d.status === 2 || d.status === 3),
        {
          what: 'both conversions to finish',
          timeout: 40_000,
          interval: 100,
          explain: () => `worker output:\n${worker.output()}`,
        },
      );
    } finally {
      process.kill(-worker.child.pid!, 'SIGTERM');
      await worker.exited;
    }
    expect(worker.output()).toContain('文档转换安全警告');
    expect(worker.output()).toContain('无法创建网络命名空间（unshare 不可用）');
    expect((await getDocument(t, linked.id)).status).toBe(2);
    expect(requests).toEqual([]);
    expect(await getDocument(t, ebook.id)).toMatchObject({ status: 3, convert_error: NO_ISOLATION });

    // 环境依赖 says so too (the server's own view: isolation works here, the worker's did not)
    const envs = await t.call({ url: '/api/v1/envs', token: await t.adminToken() });
    expect(envs.body.envs.map((e: { name: string }) => e.name)).toEqual(
      expect.arrayContaining(['网络隔离', '资源限制', '子进程随服务退出']),
    );
  }, 60_000);
});
