import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { coverKey, hashDir, originalKey } from '../../../src/server/convert/keys.ts';
import { md5 } from '../convert/convert.support.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { category, publish, setStatus, uniquePdf } from '../support/documents.ts';
import { startTestS3, type TestS3 } from '../support/s3.ts';
import { createStorage } from '../../../src/server/storage/create.ts';

const run = promisify(execFile);
const bytes = async (s: Readable | null) => {
  const parts: Buffer[] = [];
  for await (const c of s!) parts.push(c as Buffer);
  return Buffer.concat(parts);
};

describe('wenku storage migrate', () => {
  let t: TestApp;
  let s3: TestS3;
  const cli = (...args: string[]) =>
    run(process.execPath, ['src/cli/wenku.ts', ...args], {
      env: { ...process.env, DATA_DIR: t.dataDir, ...s3.env },
      timeout: 60_000,
    });

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('copies every stored file to the bucket, and a second run copies nothing', async () => {
    const admin = await t.adminToken();
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
      run(process.execPath, ['src/cli/wenku.ts', 'storage', 'migrate', '--to', `s3://${s3.bucket}/x`], {
        env: { ...process.env, DATA_DIR: t.dataDir, ...s3.env, AWS_SECRET_ACCESS_KEY: 'wrong' },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('错误') });
  });
});
