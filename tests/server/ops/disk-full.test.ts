import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect } from 'vitest';
import { DISK_FULL } from '../../../src/server/storage/disk-full.ts';
import type { TestApp } from '../support/app.ts';
import { minimalPdf, upload } from '../support/documents.ts';
import { describeEachDialect, it, onStart, type StartOptions } from '../support/fixture.ts';

/** A small tmpfs as the data folder: only root may mount one (CI runs as root). */
function mountSmallDisk(megabytes: number): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'wenku-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
    return dir;
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    console.warn(`[disk-full] skipped: cannot mount a tmpfs here (${(err as Error).message.split('\n')[0]})`);
    return null;
  }
}

const disk = process.getuid?.() === 0 ? mountSmallDisk(12) : null;
// after the block's app has closed
afterAll(() => {
  if (!disk) return;
  execFileSync('umount', [disk]);
  rmSync(disk, { recursive: true, force: true });
});

const ON_SMALL_DISK: StartOptions = {
  env: { DATA_DIR: disk ?? '' },
  member: false,
  skip: !disk,
  sqliteOnly: "the database must be on the full disk: SQLite's file in the data folder",
};

describeEachDialect('a full data disk (SQLite and files on a 12 MB tmpfs)', ON_SMALL_DISK, () => {
  let t: TestApp;
  let admin: string;
  onStart((started) => ({ t, admin } = started));

  /** A real PDF padded to `bytes` (bytes after %%EOF are ignored by readers). */
  const pdfOf = (bytes: number) => {
    const pdf = minimalPdf(`disk full ${bytes}`);
    return Buffer.concat([pdf, Buffer.alloc(Math.max(0, bytes - pdf.length), 0x20)]);
  };
  const temps = () => readdirSync(join(disk!, 'files', '.tmp')).length;
  const attachmentCount = async () => (await t.ctx.db.selectFrom('attachments').select('id').execute()).length;

  it('refuses an upload that does not fit with a clear reason, keeping nothing of it', async () => {
    const before = await attachmentCount();
    const res = await upload(t, admin, pdfOf(20 * 1024 * 1024), 'big.pdf');
    expect(res.status).toBe(507);
    expect(res.body).toMatchObject({ code: 8, message: DISK_FULL });
    expect(temps()).toBe(0);
    expect(await attachmentCount()).toBe(before);
  });

  it('keeps reading and writing what fits afterwards, and the database stays intact', async () => {
    expect((await t.call({ url: '/api/v1/settings' })).status).toBe(200);
    expect((await t.call({ url: '/api/v1/document/list?page=1&size=10' })).status).toBe(200);
    const small = await upload(t, admin, pdfOf(64 * 1024), 'small.pdf');
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.ctx.db);
    expect(check.rows[0]!.integrity_check).toBe('ok');
  });
});
