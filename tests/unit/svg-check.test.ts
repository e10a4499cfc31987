import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPageFile } from '../../src/server/convert/svg-check.ts';

// A page file as mutool wrote it, read and checked on the worker thread: the bytes come back only when asked.
describe('checking a rendered page file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wenku-svg-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const page = (name: string, svg: string) => {
    const file = join(dir, name);
    writeFileSync(file, svg);
    return file;
  };
  const good = '<svg xmlns="http://www.w3.org/2000/svg" width="595pt" height="842pt"><text data-text="文库">文库</text></svg>';
  const decode = (bytes: Uint8Array | null) => (bytes ? Buffer.from(bytes).toString('utf8') : null);

  it('passes a well-formed page, with its bytes only when they are wanted', async () => {
    const file = page('good.svg', good);
    expect(await checkPageFile(file, false)).toEqual({ ok: true, repaired: null, written: null });
    const kept = await checkPageFile(file, true);
    expect(kept.ok && decode(kept.written)).toBe(good);
    // a page bigger than the buffer pool comes back whole too
    const big = good.replace('文库</text>', `${'文库'.repeat(20_000)}</text>`);
    const large = await checkPageFile(page('large.svg', big), true);
    expect(large.ok && decode(large.written)).toBe(big);
  });

  it('repairs what MuPDF leaves malformed and names what cannot be repaired', async () => {
    const lt = good.replace('data-text="文库"', 'data-text="a<b"');
    const repaired = await checkPageFile(page('lt.svg', lt), true);
    expect(repaired.ok && decode(repaired.repaired)).toContain('data-text="a&lt;b"');
    expect(repaired.ok && repaired.written).toBeNull();
    const broken = await checkPageFile(page('broken.svg', '<svg><g></svg>'), false);
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.problem).toMatch(/\S/);
  });

  it('tells a missing or empty page from a malformed one', async () => {
    expect(await checkPageFile(join(dir, 'missing.svg'), true)).toEqual({ ok: false, problem: null });
    expect(await checkPageFile(page('empty.svg', ''), true)).toEqual({ ok: false, problem: null });
  });
});
