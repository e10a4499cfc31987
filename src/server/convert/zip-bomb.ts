import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { ConvertRefused } from './errors.ts';
import { entryDataOffset, zipEntries } from './zip-entries.ts';

/** Content types (content-type.ts) that are ZIP packages LibreOffice or Calibre unpack. */
export const ZIP_PACKAGES = new Set(['docx', 'pptx', 'xlsx', 'odt', 'ods', 'odp', 'epub']);

const MB = 1024 * 1024;
/** Unpacked size no real document reaches; LibreOffice needs several times this in memory. */
const MAX_UNPACKED = 1024 * MB;
/**
 * Above this size an unpacked package must not be more than MAX_RATIO times its file: document XML
 * compresses 5–30×, images hardly at all; a bomb of repeated paragraphs 300× and more.
 */
const RATIO_FROM = 32 * MB;
const MAX_RATIO = 100;

const DEFLATE = 8;

const bomb = (unpacked: number) =>
  new ConvertRefused(`文档解压后过大，疑似压缩炸弹，已拒绝转换（解压后约 ${Math.round(unpacked / MB)} MB）`);

/** Inflates one entry without keeping it, stopping as soon as it grows beyond `max` bytes. */
async function inflatedAtMost(path: string, start: number, compressed: number, max: number): Promise<boolean> {
  let size = 0;
  const counter = new Writable({
    write(chunk: Buffer, _enc, next) {
      size += chunk.length;
      next(size > max ? new Error('too large') : null);
    },
  });
  return pipeline(createReadStream(path, { start, end: start + compressed - 1 }), createInflateRaw(), counter).then(
    () => true,
    () => size <= max, // a corrupt stream is LibreOffice's to report; only growth counts here
  );
}

/**
 * Refuses an OOXML/ODF/EPUB package that would unpack to far more than a document: by the sizes its
 * central directory declares (total and ratio to the file), then by inflating every deflated entry
 * without keeping it, so that an entry declaring less than it holds is caught too.
 */
export async function assertNotZipBomb(path: string): Promise<void> {
  const fh = await open(path, 'r');
  try {
    const fileSize = (await fh.stat()).size;
    const entries = (await zipEntries(fh, fileSize)) ?? [];
    const unpacked = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
    if (unpacked > MAX_UNPACKED || (unpacked > RATIO_FROM && unpacked > MAX_RATIO * fileSize)) throw bomb(unpacked);
    for (const e of entries) {
      if (e.method !== DEFLATE || !e.compressedSize) continue;
      const start = await entryDataOffset(fh, e);
      if (start === null) continue;
      if (!(await inflatedAtMost(path, start, e.compressedSize, e.uncompressedSize))) {
        throw new ConvertRefused('文档压缩包中的文件比声明的更大，疑似压缩炸弹，已拒绝转换');
      }
    }
  } finally {
    await fh.close();
  }
}
