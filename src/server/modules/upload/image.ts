import { fileTypeFromBuffer } from 'file-type';
import { loadSharp } from './sharp.ts';
import { badRequest } from '../../http/errors.ts';

export interface ImageInfo {
  /** extension with the dot, from the content (never from the file name) */
  ext: string;
  mime: string;
  width: number;
  height: number;
}

const ALLOWED: Record<string, string> = { jpg: '.jpg', png: '.png', gif: '.gif', webp: '.webp', bmp: '.bmp', ico: '.ico' };

/** BMP: width and height are signed 32-bit little-endian at 18 and 22 (negative height = top-down). */
function bmpSize(buf: Buffer): { width: number; height: number } {
  if (buf.length < 26) return { width: 0, height: 0 };
  return { width: Math.abs(buf.readInt32LE(18)), height: Math.abs(buf.readInt32LE(22)) };
}

/** ICO: the largest entry of the directory; a stored 0 means 256 pixels. */
function icoSize(buf: Buffer): { width: number; height: number } {
  const count = buf.length >= 6 ? buf.readUInt16LE(4) : 0;
  let best = { width: 0, height: 0 };
  for (let i = 0; i < count && 6 + i * 16 + 2 <= buf.length; i++) {
    const width = buf[6 + i * 16] || 256;
    const height = buf[7 + i * 16] || 256;
    if (width * height > best.width * best.height) best = { width, height };
  }
  return best;
}

/**
 * Identifies an image by its bytes: JPEG, PNG, GIF, WebP, BMP or ICO. Anything else —
 * a renamed document, a script, an SVG — is refused with 400.
 */
export async function inspectImage(buf: Buffer): Promise<ImageInfo> {
  const type = await fileTypeFromBuffer(buf);
  const ext = type && ALLOWED[type.ext];
  if (!type || !ext) throw badRequest('不支持的图片格式，只能上传 jpg、png、gif、webp、bmp、ico 图片');
  if (type.ext === 'bmp') return { ext, mime: type.mime, ...bmpSize(buf) };
  if (type.ext === 'ico') return { ext, mime: type.mime, ...icoSize(buf) };
  try {
    const sharp = await loadSharp();
    const meta = await sharp(buf, { animated: false }).metadata();
    return { ext, mime: type.mime, width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    throw badRequest('图片已损坏，无法读取');
  }
}
