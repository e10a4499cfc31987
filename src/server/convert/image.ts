import { join } from 'node:path';
import { loadSharp } from '../modules/upload/sharp.ts';
import { ConvertError } from './errors.ts';
import { runMutool } from './exec.ts';
import type { Job } from './job.ts';

/** Scans uploaded as pictures: each becomes a one-page document whose text comes from OCR (ocr.ts). */
export const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg']);

/** A scan of an A4 page at 600 dpi is 35 MP; more is a picture no reader needs (or a decompression bomb). */
const MAX_PIXELS = 50_000_000;

/** The picture's size from its header (libvips reads no pixels for it); refuses one too large to convert. */
async function assertReasonableSize(input: string): Promise<void> {
  const sharp = await loadSharp();
  const meta = await sharp(input)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw new ConvertError('图片已损坏，无法读取');
  if (meta.width * meta.height > MAX_PIXELS)
    throw new ConvertError(`图片过大（${meta.width}×${meta.height} 像素，最多 ${MAX_PIXELS / 1_000_000} 百万像素）`);
}

/** png/jpg → a one-page PDF of the picture (MuPDF), its pixels compressed. Returns the PDF's path. */
export async function imageToPdf(mutool: string, input: string, job: Job): Promise<string> {
  await assertReasonableSize(input);
  const pdf = join(job.dir, 'image.pdf');
  const res = await runMutool(mutool, ['convert', '-O', 'compress', '-o', pdf, input], job);
  if (res.code !== 0) throw new ConvertError('图片已损坏，无法转换');
  return pdf;
}
