import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { hashDir, originalKey } from '../../../src/server/convert/keys.ts';
import { md5 } from '../convert/convert.support.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { category, publish, setStatus, uniquePdf } from '../support/documents.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { s3ForFile } from '../support/s3.ts';

const s3 = s3ForFile();

/** A site on `STORAGE=s3://…`: uploads land in the bucket, downloads and pages come back through the server or the bucket. */
describeEachDialect('a site on S3 storage on %s', { admin: false, member: false, env: () => s3.storage('a') }, (dialect) => {
  let viaServer: TestApp;
  let viaBucket: TestApp;

  async function converted(t: TestApp, data = uniquePdf()) {
    const admin = await t.adminToken();
    const doc = await publish(t, admin, [await category(t, admin, `S3 ${Math.random()}`)], { title: '季度报告' }, data);
    await setStatus(t, doc.id, 2);
    const hash = md5(data);
    await t.ctx.storage.put(`${hashDir(hash)}/1.svg`, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const link = await t.call({ url: `/api/v1/document/download?id=${doc.id}`, token: admin });
    expect(link.status).toBe(200);
    return { id: doc.id, hash, url: link.body.url as string };
  }

  onStart(async ({ t }) => {
    viaServer = t;
    viaBucket = await startTestApp(dialect, s3.storage('b', { STORAGE_DELIVERY: 'presigned' }));
    t.closeWith(viaBucket);
  });

  it('keeps uploads in the bucket, nothing on local disk but an empty staging folder', async () => {
    const data = uniquePdf();
    await converted(viaServer, data);
    expect(await viaServer.ctx.storage.exists(originalKey(md5(data), '.pdf'))).toBe(true);
    expect(existsSync(join(viaServer.dataDir, 'files'))).toBe(false);
    expect(readdirSync(join(viaServer.dataDir, 'tmp'))).toEqual([]);
  });

  it('streams downloads and pages through the server by default', async () => {
    const data = uniquePdf();
    const { hash, url } = await converted(viaServer, data);
    const file = await viaServer.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(data)).toBe(true);
    const page = await viaServer.app.inject({ url: `/view/page/${hash}/1.svg` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<svg');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('redirects downloads and pages to short-lived bucket URLs when delivery is presigned', async () => {
    const data = uniquePdf();
    const { hash, url } = await converted(viaBucket, data);
    const file = await viaBucket.app.inject({ url });
    expect(file.statusCode).toBe(302);
    const location = new URL(String(file.headers.location));
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(location.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('季度报告.pdf')}`,
    );
    const page = await viaBucket.app.inject({ url: `/view/page/${hash}/1.svg` });
    expect(page.statusCode).toBe(302);
    const fetched = await fetch(String(page.headers.location));
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/svg+xml');
    expect(await fetched.text()).toContain('<svg');
    // a hidden document's pages are not signed at all
    await viaBucket.ctx.db.updateTable('documents').set({ status: 3 }).where('hash', '=', hash).execute();
    expect((await viaBucket.app.inject({ url: `/view/page/${hash}/1.svg` })).statusCode).toBe(404);
  });
});
