import { execFile } from 'node:child_process';
import { delimiter, join } from 'node:path';
import type { EnvDependent } from '../../../contract/config.ts';
import { processEnv, systemPath } from '../../config.ts';
import { PROJECT_ROOT } from './version.ts';

interface Tool {
  name: string;
  description: string;
  cmd: string;
  args: string[];
  is_required: boolean;
  /** what stops working without it, in the operator's words */
  without: string;
  /** how to install it on Debian/Ubuntu */
  install: string;
}

const SETUP = '在 Wenku 目录运行 npm run setup（自动安装缺少的系统软件包），或执行';

/** The external programs the document converter uses (ARCHITECTURE: Converter). */
export const TOOLS: Tool[] = [
  {
    name: 'LibreOffice',
    description: '将 Office 文档（Word、Excel、PowerPoint、WPS 等）和纯文本转换为 PDF',
    cmd: 'soffice',
    args: ['--version'],
    is_required: true,
    without: 'Word、Excel、PowerPoint、WPS 和纯文本文档上传后都会转换失败',
    install: 'sudo apt-get install -y libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui',
  },
  {
    name: 'MuPDF',
    description: '读取 PDF 页数，把页面渲染为 SVG/PNG 预览图并提取文本',
    cmd: 'mutool',
    args: ['-v'],
    is_required: true,
    without: '所有文档都无法生成预览页面（转换失败）',
    install: 'sudo apt-get install -y mupdf-tools',
  },
  {
    name: 'Poppler',
    description: '备用的 PDF 页面渲染工具（pdftocairo），MuPDF 渲染失败时使用',
    cmd: 'pdftocairo',
    args: ['-v'],
    is_required: false,
    without: 'MuPDF 渲染失败的页面没有备用渲染方式',
    install: 'sudo apt-get install -y poppler-utils',
  },
  {
    name: 'Calibre',
    description: '将电子书（epub、mobi、azw3、chm 等）转换为 PDF',
    cmd: 'ebook-convert',
    args: ['--version'],
    is_required: false,
    without: 'epub、mobi、azw3 等电子书上传后会转换失败',
    install: 'sudo apt-get install -y calibre（或运行 WENKU_INSTALL_CALIBRE=1 npm run setup）',
  },
  {
    name: 'Tesseract',
    description: '识别扫描页与图片文档中的文字（OCR，简体中文与英文），供搜索与文字模式使用',
    cmd: 'tesseract',
    args: ['--version'],
    is_required: false,
    without: '扫描版 PDF 与图片文档可以浏览，但没有文字：搜不到，文字模式为空（安装后自动补上，无需重启）',
    install: 'sudo apt-get install -y tesseract-ocr tesseract-ocr-chi-sim tesseract-ocr-eng',
  },
  {
    name: 'SVGO',
    description: '压缩 SVG 预览图以节省存储空间（开启【是否启用SVGO】时使用）',
    cmd: 'svgo',
    args: ['--version'],
    is_required: false,
    without: '开启【是否启用SVGO】时预览图不压缩（其余不受影响）',
    install: 'npm install svgo',
  },
];

// soffice starts a whole office suite to print its version: seconds on a busy machine
const TIMEOUT_MS = 20_000;
const CACHE_MS = 60_000;

/** First dotted version number in the tool's output. */
export const parseVersion = (out: string): string => /\d+(?:\.\d+)+/.exec(out)?.[0] ?? '';

/** Runs `cmd args` once: installed when it ran at all (some tools exit non-zero after printing their version). */
function probe(tool: Tool): Promise<EnvDependent> {
  // the project's own node_modules/.bin is searched too (svgo may come as an npm package)
  const PATH = [systemPath(), join(PROJECT_ROOT, 'node_modules', '.bin')].filter(Boolean).join(delimiter);
  return new Promise((resolve) => {
    execFile(
      tool.cmd,
      tool.args,
      { timeout: TIMEOUT_MS, env: { ...processEnv(), PATH }, windowsHide: true },
      (err, stdout, stderr) => {
        const out = `${stdout}\n${stderr}`;
        const e = err as (NodeJS.ErrnoException & { killed?: boolean }) | null;
        const notFound = e?.code === 'ENOENT';
        const version = notFound ? '' : parseVersion(out);
        let error = '';
        if (notFound)
          error = `未安装 ${tool.name}（找不到命令 ${tool.cmd}）：${tool.without}。${SETUP} ${tool.install}，然后重启 Wenku。`;
        else if (e?.killed) error = `检测超时（${TIMEOUT_MS / 1000} 秒）`;
        else if (e && !version) error = (stderr.trim() || e.message).slice(0, 500);
        resolve({
          name: tool.name,
          description: tool.description,
          cmd: [tool.cmd, ...tool.args].join(' '),
          is_required: tool.is_required,
          is_installed: !notFound && (!e || Boolean(version)),
          version,
          error,
          checked_at: new Date().toISOString(),
        });
      },
    );
  });
}

let cache: { at: number; envs: Promise<EnvDependent[]> } | null = null;

/** Detects every tool (in parallel); the result is reused for a minute. */
export function detectEnvs(): Promise<EnvDependent[]> {
  if (!cache || Date.now() - cache.at > CACHE_MS) cache = { at: Date.now(), envs: Promise.all(TOOLS.map(probe)) };
  return cache.envs;
}
