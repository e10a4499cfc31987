import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { systemLocale, systemPath } from '../config.ts';

/** Absolute path of `cmd` on PATH, or null: checked before each use, so installing a tool needs no restart. */
export function which(cmd: string): string | null {
  for (const dir of systemPath().split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, cmd);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      /* not here */
    }
  }
  return null;
}

const succeeds = (cmd: string, args: string[]) =>
  new Promise<boolean>((resolve) => execFile(cmd, args, { timeout: 5000 }, (err) => resolve(!err)));

let isolation: Promise<string[] | null> | null = null;

/**
 * The prefix that runs a child without any network: `unshare -n` (root) or `unshare -rn` (an unprivileged
 * user namespace), whichever works on this machine; null when neither does. Probed once per process.
 */
export function networkIsolation(): Promise<string[] | null> {
  isolation ??= (async () => {
    const unshare = which('unshare');
    if (!unshare) return null;
    for (const flag of process.getuid?.() === 0 ? ['-n', '-rn'] : ['-rn']) {
      if (await succeeds(unshare, [flag, 'true'])) return [unshare, flag];
    }
    return null;
  })();
  return isolation;
}

/**
 * The whole environment of a converter child: PATH to find helpers, HOME and TMPDIR in the job folder, the
 * locale; nothing else of the server's (no WENKU_ADMIN_PASSWORD, DATABASE_URL, proxies or secrets).
 */
export function childEnv(jobDir: string, extra: Record<string, string> = {}): Record<string, string> {
  const locale = systemLocale();
  return { PATH: systemPath() || '/usr/bin:/bin', HOME: jobDir, TMPDIR: jobDir, LANG: locale, LC_ALL: locale, ...extra };
}
