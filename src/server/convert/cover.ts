import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { ConvertError } from './errors.ts';
import { lastLines, runTool } from './exec.ts';
import type { Job } from './office.ts';
import { childEnv } from './tools.ts';

export const COVER_WIDTH = 210;
export const COVER_HEIGHT = 297;

/** Page 1 at 50 dpi, fitted into 210×297 (A4 ratio) and letter-boxed on white: the PNG bytes. */
export async function renderCover(mutool: string, pdf: string, job: Job): Promise<Buffer> {
  const png = join(job.dir, 'cover-big.png');
  const res = await runTool(mutool, ['draw', '-q', '-r', '50', '-F', 'png', '-o', png, pdf, '1'], {
    timeoutMs: job.timeoutMs,
    cwd: job.dir,
    env: childEnv(job.dir),
    signal: job.signal,
    tool: 'MuPDF',
  });
  const big = await readFile(png).catch(() => null);
  if (!big?.length) {
    const why = lastLines(res.stderr);
    throw new ConvertError(`封面生成失败${why ? `（${why}）` : ''}`);
  }
  return sharp(big)
    .flatten({ background: '#ffffff' })
    .resize(COVER_WIDTH, COVER_HEIGHT, { fit: 'contain', background: '#ffffff' })
    .png()
    .toBuffer();
}
