import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The project root (holds package.json and node_modules). */
export const PROJECT_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The version of package.json. */
export const APP_VERSION: string = (() => {
  try {
    return String(
      (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ??
        '',
    );
  } catch {
    return '';
  }
})();

export interface BuildInfo {
  /** short commit hash of the running code, '' outside a git checkout */
  hash: string;
  /** commit time of that revision (RFC 3339), '' when unknown */
  build_at: string;
}

let cached: Promise<BuildInfo> | null = null;

const git = (args: string[]) =>
  new Promise<string>((resolve) => {
    execFile('git', args, { cwd: PROJECT_ROOT, timeout: 5000 }, (err, stdout) => resolve(err ? '' : stdout.trim()));
  });

/** Read once per process: the code does not change under a running server. */
export function buildInfo(): Promise<BuildInfo> {
  cached ??= (async () => {
    const hash = await git(['rev-parse', '--short', 'HEAD']);
    const build_at = hash ? await git(['show', '-s', '--format=%cI', 'HEAD']) : '';
    return { hash, build_at };
  })();
  return cached;
}
