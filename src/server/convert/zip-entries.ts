import type { FileHandle } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_TAIL = 22 + 0xffff;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** as declared; a hostile archive may lie (see zip-bomb.ts) */
  uncompressedSize: number;
  localOffset: number;
}

/** The entries named in a ZIP file's central directory (no ZIP64), or null when it is no readable ZIP. */
export async function zipEntries(fh: FileHandle, size: number): Promise<ZipEntry[] | null> {
  const tailLen = Math.min(size, MAX_TAIL);
  const tail = Buffer.alloc(tailLen);
  await fh.read(tail, 0, tailLen, size - tailLen);
  let eocd = -1;
  for (let i = tailLen - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const dirSize = tail.readUInt32LE(eocd + 12);
  const dirOffset = tail.readUInt32LE(eocd + 16);
  if (dirOffset + dirSize > size || dirSize > 64 * 1024 * 1024) return null;
  const dir = Buffer.alloc(dirSize);
  await fh.read(dir, 0, dirSize, dirOffset);
  const entries: ZipEntry[] = [];
  for (let p = 0; p + 46 <= dir.length && dir.readUInt32LE(p) === CENTRAL;) {
    const nameLen = dir.readUInt16LE(p + 28);
    const extraLen = dir.readUInt16LE(p + 30);
    const commentLen = dir.readUInt16LE(p + 32);
    entries.push({
      name: dir.toString('utf8', p + 46, p + 46 + nameLen),
      method: dir.readUInt16LE(p + 10),
      compressedSize: dir.readUInt32LE(p + 20),
      uncompressedSize: dir.readUInt32LE(p + 24),
      localOffset: dir.readUInt32LE(p + 42),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Where an entry's data starts (after its local header), or null when no local header is there. */
export async function entryDataOffset(fh: FileHandle, entry: ZipEntry): Promise<number | null> {
  const head = Buffer.alloc(30);
  await fh.read(head, 0, 30, entry.localOffset);
  if (head.readUInt32LE(0) !== LOCAL) return null;
  return entry.localOffset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
}

/** The content of a small entry (stored or deflated) as text, or null. */
export async function readZipText(fh: FileHandle, entry: ZipEntry, max = 4096): Promise<string | null> {
  if (entry.compressedSize > max || (entry.method !== 0 && entry.method !== 8)) return null;
  const start = await entryDataOffset(fh, entry);
  if (start === null) return null;
  const body = Buffer.alloc(entry.compressedSize);
  await fh.read(body, 0, body.length, start);
  try {
    return (entry.method === 0 ? body : inflateRawSync(body)).toString('utf8');
  } catch {
    return null;
  }
}
