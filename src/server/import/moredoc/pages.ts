import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { hashDir } from '../../convert/keys.ts';

/** A page file name of a moredoc (and Wenku) derived folder: `<n>.svg`, `<n>.gzip.svg`, `<n>.webp`… */
export const PAGE_FILE = /^(\d+)\.(gzip\.svg|svg|png|jpg|webp)$/;

/** Files of the derived folder `documents/h0/…/h4/<hash>/` in the moredoc folder (empty when missing). */
export async function derivedFiles(filesDir: string, hash: string): Promise<Set<string>> {
  if (!/^[0-9a-f]{32}$/.test(hash)) return new Set();
  try {
    return new Set(await readdir(join(filesDir, hashDir(hash))));
  } catch {
    return new Set();
  }
}

export interface PageFormat {
  previewExt: string;
  gzip: boolean;
}

/** The file name of page n (moredoc's rule: gzip only ever applies to SVG). */
export const pageFile = (n: number, f: PageFormat): string =>
  f.previewExt === '.svg' && f.gzip ? `${n}.gzip.svg` : `${n}${f.previewExt}`;

const PROBES: PageFormat[] = [
  { previewExt: '.svg', gzip: true },
  { previewExt: '.svg', gzip: false },
  { previewExt: '.webp', gzip: false },
  { previewExt: '.png', gzip: false },
  { previewExt: '.jpg', gzip: false },
];

/**
 * The page format of a document: moredoc's columns when page 1 exists in that format, else the
 * format page 1 exists in (a document created by moredoc's same-file shortcut can name a format its
 * shared folder does not hold), else null (no pages on disk).
 */
export function pageFormat(files: Set<string>, stored: PageFormat): PageFormat | null {
  const own = {
    previewExt: stored.previewExt || '.svg',
    gzip: stored.previewExt === '.svg' || !stored.previewExt ? stored.gzip : false,
  };
  if (files.has(pageFile(1, own))) return own;
  return PROBES.find((f) => files.has(pageFile(1, f))) ?? null;
}

/** How many page files moredoc wrote: `preview` when 0 < preview < pages, else `pages`. */
export const pageCount = (pages: number, preview: number): number => (preview > 0 && preview < pages ? preview : pages);
