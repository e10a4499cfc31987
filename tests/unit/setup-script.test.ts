import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * scripts/install-system-deps.sh on a machine without apt (a PATH holding only the shell's basic tools):
 * it names every missing package, says the site still starts, and exits 0 so `npm run setup && npm start`
 * goes on to start it.
 */
describe('install-system-deps.sh without apt', () => {
  const bin = mkdtempSync(join(tmpdir(), 'wenku-noapt-'));
  for (const tool of ['bash', 'id', 'grep'])
    symlinkSync(
      spawnSync('sh', ['-c', `command -v ${tool}`])
        .stdout.toString()
        .trim(),
      join(bin, tool),
    );
  afterAll(() => rmSync(bin, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    spawnSync(join(bin, 'bash'), ['scripts/install-system-deps.sh', ...args], { env: { PATH: bin }, encoding: 'utf8' });

  it('names the converter packages and exits 0', () => {
    const r = run();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('system packages NOT installed (apt-get is not available on this machine)');
    for (const pkg of ['libreoffice-writer-nogui', 'mupdf-tools', 'poppler-utils', 'fonts-noto-cjk', 'util-linux'])
      expect(r.stdout).toContain(pkg);
    expect(r.stdout).not.toContain('chromium');
    expect(r.stdout).toContain('Wenku still starts');
  });

  it('--dev adds what npm test uses', () => {
    const r = run('--dev');
    expect(r.status).toBe(0);
    for (const pkg of ['chromium', 'nginx', 'caddy', 'redis-server', 'postgresql-client']) expect(r.stdout).toContain(pkg);
  });
});
