import type { Readable } from 'node:stream';
import { expect } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { coverKey, hashDir, originalKey } from '../../../src/server/convert/keys.ts';
import { md5 } from '../convert/convert.support.ts';
import type { TestApp } from '../support/app.ts';
import { category, publish, setStatus, uniquePdf } from '../support/documents.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { cli as wenku, siteEnv } from '../support/site-copy.ts';
import { startTestS3, type TestS3 } from '../support/s3.ts';
import { createStorage } from '../../../src/server/storage/create.ts';

const bytes = async (s: Readable | null) => {
  const parts: Buffer[] = [];
  for await (const c of s!) parts.push(c as Buffer);
  return Buffer.concat(parts);
};

describeEachDialect('wenku storage migrate on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let s3: TestS3;
  const env = (more: Record<string, string> = {}) => ({ ...siteEnv(t.dataDir, t.schema), ...s3.env, ...more });
  const cli = (...args: string[]) => wenku(env(), ...args);

  onStart(async (started) => {
    ({ t, admin } = started);
    s3 = await startTestS3();
    t.closeWith(s3);
  });

  it('copies every stored file to the bucket, and a second run copies nothing', async () => {
    const data = uniquePdf();
    const doc = await publish(t, admin, [await category(t, admin, '迁移')], {}, data);
    await setStatus(t, doc.id, 2);
    const hash = md5(data);
    await t.ctx.storage.put(`${hashDir(hash)}/1.svg`, Buffer.from('<svg/>'));
    await t.ctx.storage.put(coverKey(hash), Buffer.from('cover'));
    await t.ctx.storage.tempPath(); // the staging folder exists and is left behind

    const first = await cli('storage', 'migrate', '--to', `s3://${s3.bucket}/wenku`);
    expect(first.stdout).toContain('迁移完成：复制 3 个文件，跳过已存在的 0 个');
    const target = createStorage(loadConfig({ DATA_DIR: t.dataDir, STORAGE: `s3://${s3.bucket}/wenku`, ...s3.env }));
    expect((await bytes(await target.read(originalKey(hash, '.pdf')))).equals(data)).toBe(true);
    expect((await bytes(await target.read(coverKey(hash)))).toString()).toBe('cover');

    const again = await cli('storage', 'migrate', '--to', `s3://${s3.bucket}/wenku`);
    expect(again.stdout).toContain('复制 0 个文件，跳过已存在的 3 个');
  });

  it('refuses a missing or unreachable target with a Chinese reason', async () => {
    await expect(cli('storage', 'migrate')).rejects.toMatchObject({ stderr: expect.stringContaining('缺少目标') });
    await expect(
      wenku(env({ AWS_SECRET_ACCESS_KEY: 'wrong' }), 'storage', 'migrate', '--to', `s3://${s3.bucket}/x`),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('错误') });
  });
});
