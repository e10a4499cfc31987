import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideReader, startServer, wenkuCli, type Server } from '../support/process.ts';

/**
 * The data-loss defect of the embedded default: when the server's own process opened and closed the
 * database file by hand, it lost its POSIX locks, and the next process to close the database (the
 * CLI, a `sqlite3` shell, a backup tool) took itself for the last one, checkpointed and deleted the
 * `-wal` the server went on writing to. Whatever it wrote after that vanished at a crash.
 */
describe('SQLite: another process opening and closing the database while the server writes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wenku-wal-'));
  const env = { DATA_DIR: dataDir, WENKU_ADMIN_PASSWORD: 'admin-pass-123', WENKU_REGISTER_PER_IP_HOUR: '1000' };
  const file = join(dataDir, 'wenku.db');
  let server: Server | undefined;

  beforeAll(async () => {
    await wenkuCli(env, 'config', 'set', 'security.enable_captcha_register', 'false');
    await wenkuCli(env, 'config', 'set', 'security.enable_captcha_login', 'false');
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server!.url}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('keeps every answered write through kill -9', async () => {
    server = await startServer(env);
    const users: string[] = [];
    for (let i = 0; i < 3; i++) {
      // the CLI and a shell-like reader open and close the database between the server's writes
      expect(await wenkuCli(env, 'config', 'get', 'system.sitename')).toContain('Wenku');
      const before = await outsideReader(file);
      const username = `walcheck${i}`;
      const res = await post('/user/register', { username, password: 'member-pass-1', email: `${username}@example.com` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      users.push(username);
      // what the server answered is visible to any other process at once
      expect(await outsideReader(file)).toBe(before + 1);
    }
    await server.kill('SIGKILL');
    server = await startServer(env);
    for (const username of users) {
      const res = await post('/user/login', { username, password: 'member-pass-1' });
      expect(res.status, `${username}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});
