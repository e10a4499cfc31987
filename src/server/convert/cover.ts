import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadSharp } from '../modules/upload/sharp.ts';
import { ConvertError } from './errors.ts';
import { lastLines, runMutool } from './exec.ts';
import type { Job } from './job.ts';

export const COVER_WIDTH = 210;
export const COVER_HEIGHT = 297;

/** Width and height from a PNG's IHDR chunk; null when the bytes are no PNG. */
function pngSize(png: Buffer): { width: number; height: number } | null {
  if (png.length < 24 || png.readUInt32BE(12) !== 0x49484452) return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * Page 1 fitted into 210×297 (A4 ratio) and letter-boxed on white: the PNG bytes. mutool renders
 * it at that size; an A4 page fills the box and is used as rendered, any other shape is padded.
 */
export async function renderCover(mutool: string, pdf: string, job: Job): Promise<Buffer> {
  const png = join(job.dir, 'cover-fit.png');
  const res = await runMutool(
    mutool,
    ['draw', '-q', '-w', String(COVER_WIDTH), '-h', String(COVER_HEIGHT), '-F', 'png', '-o', png, pdf, '1'],
    job,
  );
  const fit = await readFile(png).catch(() => null);
  if (!fit?.length) {
    const why = lastLines(res.stderr);
    throw new ConvertError(`封面生成失败${why ? `（${why}）` : ''}`);
  }
  const size = pngSize(fit);
  if (size?.width === COVER_WIDTH && size.height === COVER_HEIGHT) return fit;
  const sharp = await loadSharp();
  return sharp(fit)
    .flatten({ background: '#ffffff' })
    .resize(COVER_WIDTH, COVER_HEIGHT, { fit: 'contain', background: '#ffffff' })
    .png()
    .toBuffer();
}
