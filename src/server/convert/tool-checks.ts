/**
 * What the converter's tools and protections amount to on this machine: the warnings the converter starts
 * with and the rows `/api/v1/envs` shows (the text recognition languages, network isolation, limits).
 */
import type { EnvDependent } from '../../contract/config.ts';
import { detectEnvs } from '../modules/config/envs.service.ts';
import { OCR_LANGUAGES, ocrLanguages } from './ocr.ts';
import { networkIsolation, which } from './tools.ts';

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
