import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ConvertError } from './errors.ts';
import { lastLines, runTool } from './exec.ts';
import type { Job } from './job.ts';
import { childEnv, networkIsolation, which } from './tools.ts';

export const EBOOK_EXTENSIONS = new Set(['.epub', '.mobi', '.azw', '.azw3', '.azw4']);

export const NO_CALIBRE = '未安装 calibre，无法转换 EPUB/MOBI 文档';

export const NO_ISOLATION = '服务器无法隔离转换进程的网络（unshare 不可用），电子书可能访问外部网络，已拒绝转换';

export function requireEbookConvert(): string {
  const bin = which('ebook-convert');
  if (!bin) throw new ConvertError(NO_CALIBRE);
  return bin;
}

/** epub/mobi/azw → A4 PDF with Calibre (QtWebEngine needs `--no-sandbox` as root and no display). */
export async function ebookToPdf(input: string, job: Job): Promise<string> {
  const bin = requireEbookConvert();
  // unlike LibreOffice, Calibre's renderer has no switch that keeps it off the network
  const isolation = await networkIsolation();
  if (!isolation) throw new ConvertError(NO_ISOLATION);
  const out = join(job.dir, 'ebook.pdf');
  const margins = ['bottom', 'left', 'right', 'top'].flatMap((side) => [`--pdf-page-margin-${side}`, '36']);
  const res = await runTool(bin, [input, out, '--paper-size', 'a4', ...margins], {
    timeoutMs: job.timeoutMs,
    cwd: job.dir,
    env: childEnv(job.dir, { QTWEBENGINE_CHROMIUM_FLAGS: '--no-sandbox', QT_QPA_PLATFORM: 'offscreen' }),
    prefix: isolation,
    signal: job.signal,
    tool: 'Calibre',
  });
  if (
    !(await stat(out).then(
      (s) => s.size > 0,
      () => false,
    ))
  ) {
    const why = lastLines(res.stderr || res.stdout);
    throw new ConvertError(`Calibre 无法转换该电子书，文件可能已损坏或受 DRM 保护${why ? `（${why}）` : ''}`);
  }
  return out;
}
