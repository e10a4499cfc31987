import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from '../support/app.ts';

const modeOf = (p: string) => statSync(p).mode & 0o777;

// The database holds the JWT secret (table `secrets`): nobody but the server's user may read it.
describe.each(DIALECTS)('data folder and database modes on %s', (dialect) => {
  let t: TestApp | undefined;
  let root: string;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  it('creates the data folder 0700 and the database files 0600 when the site lives elsewhere', async () => {
    root = mkdtempSync(join(tmpdir(), 'wenku-modes-'));
    const dataDir = join(root, 'fresh', 'data');
    t = await startTestApp(dialect, {
      DATA_DIR: dataDir,
      WENKU_SITE_ROOT: join(root, 'site'),
      WENKU_SITE_DIR: join(root, 'site', 'current'),
    });
    expect(modeOf(dataDir)).toBe(0o700);
    if (dialect === 'sqlite') {
      for (const f of ['wenku.db', 'wenku.db-wal', 'wenku.db-shm']) expect(modeOf(join(dataDir, f)), f).toBe(0o600);
    }
    // uploaded files too, wherever storage lives
    await t.ctx.storage.put('uploads/a/b/c/d/e/x.png', Buffer.from('png'));
    expect(modeOf(join(dataDir, 'files', 'uploads', 'a'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'files', 'uploads', 'a', 'b', 'c', 'd', 'e', 'x.png'))).toBe(0o600);
  });

  it('with the site inside (the default): data 0711, the site 0755, the database and files still private', async () => {
    root = mkdtempSync(join(tmpdir(), 'wenku-modes-'));
    const dataDir = join(root, 'data');
    t = await startTestApp(dialect, { DATA_DIR: dataDir, WENKU_SITE_DIR: join(dataDir, 'site', 'current') });
    expect(modeOf(dataDir)).toBe(0o711);
    expect(modeOf(join(dataDir, 'site'))).toBe(0o755);
    if (dialect === 'sqlite') expect(modeOf(join(dataDir, 'wenku.db'))).toBe(0o600);
    await t.ctx.storage.put('uploads/a/x.png', Buffer.from('png'));
    expect(modeOf(join(dataDir, 'files'))).toBe(0o700);
  });

  it('tightens a world-readable data folder and database left by an older version', async () => {
    root = mkdtempSync(join(tmpdir(), 'wenku-modes-'));
    const dataDir = join(root, 'old');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    if (dialect === 'sqlite') {
      writeFileSync(join(dataDir, 'wenku.db'), '');
      chmodSync(join(dataDir, 'wenku.db'), 0o644);
    }
    t = await startTestApp(dialect, { DATA_DIR: dataDir, WENKU_SITE_DIR: join(dataDir, 'site') });
    // the site is inside (the default data/site): others may pass through to it, not list or read the rest
    expect(modeOf(dataDir)).toBe(0o711);
    expect(modeOf(join(dataDir, 'site'))).toBe(0o755);
    if (dialect === 'sqlite') expect(modeOf(join(dataDir, 'wenku.db'))).toBe(0o600);
    // and the server works on the tightened files
    expect((await t.call({ url: '/api/v1/settings' })).status).toBe(200);
  });
});
