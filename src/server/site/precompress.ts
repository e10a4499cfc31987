// Compresses a built site once, beside each file: `x.br` (brotli) and `x.gz` (gzip), which the
// site plugin (and nginx's gzip_static / brotli_static, see docs/deploy-proxy.md) serve by
// Accept-Encoding. Run after every build; also by hand: node src/server/site/precompress.ts <dir>
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images, fonts and archives are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|map|webmanifest|ico)$/i;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 512;
/** Only kept when at least this much smaller. */
const MAX_RATIO = 0.95;
const worthKeeping = (packed: Buffer, data: Buffer) => packed.length <= data.length * MAX_RATIO;
/** Files compressed at a time (zlib works on libuv's thread pool). */
const PARALLEL = 4;

export interface PrecompressOptions {
  /**
   * An earlier build of the same site: its compressed copies of byte-identical hashed assets
   * (`_astro/`, which rarely change between builds) are copied instead of compressed again.
   */
  previous?: string;
}

export interface PrecompressResult {
  files: number;
  reused: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function walk(dir: string, out: string[] = []): Promise<string[]> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) await walk(p, out);
    else if (e.isFile() && COMPRESSIBLE.test(e.name)) out.push(p);
  }
  return out;
}

/** Inside a built site's hashed-asset folder: such a file never changes under its name. */
const HASHED_ASSET = /(^|[\\/])_astro[\\/]/;

const brotliOptions = (data: Buffer, asset: boolean): BrotliOptions => ({
  params: {
    // pages: quality 5 is a third faster than 6 for 0.5 % more bytes (a 36 KB document page)
    [constants.BROTLI_PARAM_QUALITY]: asset ? constants.BROTLI_MAX_QUALITY : 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  },
});
/** Hashed assets get the best (slowest) settings, since they are compressed once. */
const gzipLevel = (asset: boolean) => (asset ? 9 : 6);

/** Brotli and gzip at once, on libuv's pool. */
function compress(data: Buffer, asset: boolean): Promise<[Buffer, Buffer]> {
  return Promise.all([brotli(data, brotliOptions(data, asset)), gz(data, { level: gzipLevel(asset) })]);
}

/** Written beside the target, then renamed: a reader never sees half a file. */
async function put(path: string, data: Buffer): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

async function sameFile(a: string, b: Buffer): Promise<boolean> {
  try {
    return (await readFile(a)).equals(b);
  } catch {
    return false;
  }
}

async function upToDate(file: string, source: { mtimeMs: number }): Promise<boolean> {
  try {
    return (await stat(file)).mtimeMs >= source.mtimeMs;
  } catch {
    return false;
  }
}

/** Written beside the target, then renamed (synchronously: see writeSiteFile). */
function putSync(path: string, data: Buffer): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/** The compressed copies written beside a file, by suffix: brotli, then gzip. */
export const COPY_SUFFIXES = ['.br', '.gz'] as const;

/**
 * One file of the served site written in place (the site renderer): the file, then its compressed
 * copies, each written beside its target and renamed over it, so a reader sees the old or the new
 * file and never a copy older than its file (site.files.ts skips those). Synchronous: it runs on
 * the renderer's writer thread (render/page-writer.ts), where nothing else waits, and one native
 * call per step costs far less than the promise and thread-pool round trips of the async forms.
 */
export function writeSiteFile(file: string, data: Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  putSync(file, data);
  const worth = COMPRESSIBLE.test(file) && data.length >= MIN_BYTES;
  const asset = HASHED_ASSET.test(file);
  const pack = {
    '.br': () => brotliCompressSync(data, brotliOptions(data, asset)),
    '.gz': () => gzipSync(data, { level: gzipLevel(asset) }),
  };
  for (const ext of COPY_SUFFIXES) {
    const packed = worth ? pack[ext]() : null;
    // a copy that saves too little, or a file not worth compressing, must not leave an older copy behind
    if (packed && worthKeeping(packed, data)) putSync(file + ext, packed);
    else rmSync(file + ext, { force: true });
  }
}

/** A file of the served site and its compressed copies taken out (an item no longer public). */
export async function removeSiteFile(file: string): Promise<boolean> {
  const existed = await stat(file).then(
    () => true,
    () => false,
  );
  // the copies first: a page is never left with a copy and without itself
  for (const f of [...COPY_SUFFIXES.map((ext) => file + ext), file]) await rm(f, { force: true });
  return existed;
}

export async function precompressSite(root: string, opts: PrecompressOptions = {}): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, reused: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = await walk(root);
  const one = async (file: string) => {
    const info = await stat(file);
    if (info.size < MIN_BYTES) return;
    const rel = relative(root, file);
    const asset = HASHED_ASSET.test(rel);
    const data = await readFile(file);
    if (asset && opts.previous && (await sameFile(join(opts.previous, rel), data))) {
      let copied = 0;
      for (const ext of COPY_SUFFIXES) {
        try {
          await copyFile(join(opts.previous, rel + ext), file + ext);
          copied++;
        } catch {
          /* the earlier build kept no such copy */
        }
      }
      if (copied) {
        result.reused++;
        return;
      }
    }
    if ((await Promise.all(COPY_SUFFIXES.map((ext) => upToDate(file + ext, info)))).every(Boolean)) return;
    const [br, gzipped] = await compress(data, asset);
    result.files++;
    result.bytes += data.length;
    for (const [ext, packed] of [
      ['.br', br],
      ['.gz', gzipped],
    ] as const) {
      // as in writeSiteFile: a copy that saves too little must not leave an older copy behind
      if (!worthKeeping(packed, data)) {
        await rm(file + ext, { force: true });
        continue;
      }
      await put(file + ext, packed);
      result[ext === '.br' ? 'brotliBytes' : 'gzipBytes'] += packed.length;
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < files.length) await one(files[next++]);
    }),
  );
  return result;
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('用法：node src/server/site/precompress.ts <站点目录>');
    process.exit(2);
  }
  const t0 = performance.now();
  const r = await precompressSite(dir);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `压缩 ${r.files} 个文件（${kb(r.bytes)} → brotli ${kb(r.brotliBytes)}，gzip ${kb(r.gzipBytes)}），用时 ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
