import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalStorage, NameSync } from '../../src/server/storage/storage.ts';

// Pages stored with one NameSync: each whole and in place at once, their folders synced together later.
describe('files stored under one name sync', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));
  const storage = () => {
    const root = mkdtempSync(join(tmpdir(), 'wenku-names-'));
    roots.push(root);
    return { root, store: new LocalStorage(root) };
  };

  it('puts bytes and finished files in place, owner-only, leaving no temp file', async () => {
    const { root, store } = storage();
    const names = new NameSync();
    await store.put('documents/a/1.svg', Buffer.from('<svg/>'), names);
    const temp = await store.tempPath();
    writeFileSync(temp, '<svg id="2"/>');
    await store.putFile('documents/a/2.svg', temp, names);
    await store.put('documents/b/cover.png', Buffer.from('png'), names);
    await names.sync();
    expect(readFileSync(join(root, 'documents/a/1.svg'), 'utf8')).toBe('<svg/>');
    expect(readFileSync(join(root, 'documents/a/2.svg'), 'utf8')).toBe('<svg id="2"/>');
    expect(readFileSync(join(root, 'documents/b/cover.png'), 'utf8')).toBe('png');
    expect(statSync(join(root, 'documents/a/2.svg')).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(root, '.tmp'))).toEqual([]);
  });

  it('fails its sync when a folder it was given is gone, and has nothing left to sync after', async () => {
    const { root, store } = storage();
    const names = new NameSync();
    await store.put('documents/c/1.svg', Buffer.from('<svg/>'), names);
    rmSync(join(root, 'documents/c'), { recursive: true });
    await expect(names.sync()).rejects.toThrow();
    await expect(names.sync()).resolves.toBeUndefined();
  });
});
