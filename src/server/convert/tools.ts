import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { EnvDependent } from '../../contract/config.ts';
import { detectEnvs } from '../modules/config/envs.service.ts';

/** Absolute path of `cmd` on PATH, or null: checked before each use, so installing a tool needs no restart. */
export function which(cmd: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
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

const PROXY_VARS = /^(https?|ftp|all|no|socks)_proxy$/i;

/** The environment of a converter child: the server's minus proxies, with HOME and TMPDIR in the job folder. */
export function childEnv(jobDir: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !PROXY_VARS.test(k)) env[k] = v;
  return { ...env, HOME: jobDir, TMPDIR: jobDir, LANG: env.LANG || 'C.UTF-8', ...extra };
}

/**
 * What `/api/v1/envs` can show for the converter: the tools with their versions (detected and cached by
 * the config module) plus whether LibreOffice and Calibre run without network access.
 */
export async function detectTools(): Promise<EnvDependent[]> {
  const [envs, prefix] = await Promise.all([detectEnvs(), networkIsolation()]);
  const isolated: EnvDependent = {
    name: '网络隔离',
    description: 'LibreOffice 与 Calibre 在没有网络的命名空间中运行（unshare），文档无法访问外部网络；代理环境变量总会被去除',
    cmd: prefix ? prefix.join(' ') : 'unshare -n',
    is_required: false,
    is_installed: Boolean(prefix),
    version: '',
    error: prefix ? '' : '无法创建网络命名空间（unshare 不可用），转换进程只去除了代理环境变量',
    checked_at: new Date().toISOString(),
  };
  return [...envs, isolated];
}
