import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { EnvDependent } from '../../contract/config.ts';
import { systemLocale, systemPath } from '../config.ts';
import { detectEnvs } from '../modules/config/envs.service.ts';
import { OCR_LANGUAGES, ocrLanguages } from './ocr.ts';

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

const NO_NETWORK_ISOLATION =
  '无法创建网络命名空间（unshare 不可用）：LibreOffice 以禁止加载外部链接资源的方式转换，电子书拒绝转换';

/** What is weaker than intended on this machine, for a loud warning when the converter starts. */
export async function converterWarnings(): Promise<string[]> {
  const warnings: string[] = [];
  if (!(await networkIsolation())) warnings.push(NO_NETWORK_ISOLATION);
  if (!which('prlimit')) warnings.push('未找到 prlimit（util-linux）：转换进程的内存与 CPU 时间不受限制');
  if (!which('setpriv') || !which('timeout'))
    warnings.push('未找到 setpriv（util-linux）或 timeout（coreutils）：转换进程被强制结束时，LibreOffice 等子进程可能残留');
  return warnings;
}

const envEntry = (name: string, description: string, cmd: string, ok: boolean, error: string): EnvDependent => ({
  name,
  description,
  cmd,
  is_required: false,
  is_installed: ok,
  version: '',
  error: ok ? '' : error,
  checked_at: new Date().toISOString(),
});

/**
 * What `/api/v1/envs` can show for the converter: the tools with their versions (detected and cached by
 * the config module), whether LibreOffice and Calibre run without network access, and the limits.
 */
export async function detectTools(): Promise<EnvDependent[]> {
  const [envs, prefix, langs] = await Promise.all([detectEnvs(), networkIsolation(), ocrLanguages()]);
  const missing = OCR_LANGUAGES.filter((l) => !langs.includes(l.code));
  return [
    ...envs,
    envEntry(
      '文字识别语言数据',
      'Tesseract 识别扫描页所用的简体中文与英文语言数据（tesseract-ocr-chi-sim、tesseract-ocr-eng）',
      'tesseract --list-langs',
      !missing.length,
      `缺少 ${missing.map((l) => l.name).join('、')} 语言数据${langs.length ? '' : '（或未安装 Tesseract）'}，扫描页的文字${langs.length ? '识别不全' : '不会被识别'}`,
    ),
    envEntry(
      '网络隔离',
      'LibreOffice 与 Calibre 在没有网络的命名空间中运行（unshare），文档无法访问外部网络；转换进程只获得最小的环境变量',
      prefix ? prefix.join(' ') : 'unshare -n',
      Boolean(prefix),
      NO_NETWORK_ISOLATION,
    ),
    envEntry(
      '资源限制',
      '每个转换进程的内存与 CPU 时间上限（prlimit，WENKU_CONVERT_MEMORY_MB、WENKU_CONVERT_CPU_SECONDS）',
      'prlimit',
      Boolean(which('prlimit')),
      '未找到 prlimit（util-linux），转换进程的内存与 CPU 时间不受限制',
    ),
    envEntry(
      '子进程随服务退出',
      '服务进程意外退出时，正在运行的 LibreOffice 等转换进程随之结束（setpriv --pdeathsig）',
      'setpriv',
      Boolean(which('setpriv') && which('timeout')),
      '未找到 setpriv（util-linux），服务进程被强制结束时转换子进程可能残留',
    ),
  ];
}
