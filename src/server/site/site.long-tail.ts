/**
 * The long tail's disk limit (docs/incremental-site.md "The long tail"). Document pages rendered on
 * a reader's first request (site.missing.ts) are recorded with their size on disk; past the
 * operator's limit (安全设置 → security.long_tail_pages_mb) the least recently read are deleted, and
 * the next reader of one gets the shell while it is rendered again. A full render in place renders
 * the recorded ones again (render.long-tail.ts). Pre-rendered pages are never recorded, so never deleted. Reads are counted in memory and written once a minute: losing a
 * minute of them in a crash only makes a page look older than it is.
 */
import { stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { LongTailRepo } from './long-tail.repo.ts';
import { chunks } from '../db/chunks.ts';
import { COPY_SUFFIXES, removeSiteFile } from './precompress.ts';

/** Pages deleted per round while the long tail is over its limit. */
const TRIM_BATCH = 200;
/** Recorded pages read, measured or written at a time after a full render. */
const SWEEP_BATCH = 500;
/**
 * A page's read time moves only once it is this old: least recently read to within ten minutes is
 * all the limit needs, and a page read every minute is not written every minute.
 */
export const READ_STEP_MS = 10 * 60_000;
/** Bound on uuids asked for and pages read remembered between writes: a crawler's sweep must not grow them without bound. */
const MAX_REMEMBERED = 100_000;
/** A page's file and the copies written beside it (precompress.ts). */
const FILES = ['', ...COPY_SUFFIXES] as const;
/** A document page's file, `library/<category>/<uuid>.html` (urls.ts documentUrl; the characters fallback.ts accepts). */
const DOCUMENT_PAGE = /^library\/[A-Za-z0-9_-]{1,32}\/([A-Za-z0-9_-]{1,64})\.html$/;

export interface LongTailSetup {
  repo: LongTailRepo;
  /** the ids of the public documents among these uuids */
  publicDocumentIds: (uuids: string[]) => Promise<number[]>;
  /** the served site folder */
  siteDir: string;
  /** the limit in bytes, read at each check; 0: no limit */
  limitBytes: () => Promise<number>;
  /** the URL paths of deleted pages: the server's copies in memory go too (site.files.ts) */
  forget: (urlPaths: string[]) => void;
  now?: () => number;
}

/** A file's path relative to the site folder, with `/` between its parts. */
const slashed = (rel: string) => (sep === '/' ? rel : rel.split(sep).join('/'));
const urlOf = (page: string) => `/${page.replace(/\.html$/, '')}`;
const pageOf = (urlPath: string) => `${urlPath.replace(/^\/+|\/+$/g, '')}.html`;

export class LongTailPages {
  private setup: LongTailSetup | null = null;
  /** uuids whose page a reader asked for (MissingPages): their next rendered page is long tail */
  private readonly asked = new Set<string>();
  private reads = new Set<string>();
  /** told the uuids of deleted pages: their next reader asks for them again at once (MissingPages) */
  onDeleted: (uuids: string[]) => void = () => undefined;

  /** From now on long-tail pages are recorded and kept under the limit (when the site builder runs). */
  track(setup: LongTailSetup): void {
    this.setup = setup;
  }

  /** A reader asked for this document's page, which the site has no file of: it is being rendered. */
  askedFor(uuid: string): void {
    if (!this.setup) return;
    if (this.asked.size >= MAX_REMEMBERED) this.asked.clear();
    this.asked.add(uuid);
  }

  /** A file of the site was sent (`rel` as site.files.ts names it): cheap, every static answer calls it. */
  read(rel: string): void {
    if (!this.setup || this.reads.size >= MAX_REMEMBERED || !rel.endsWith('.html')) return;
    this.reads.add(rel);
  }

  /** Writes the reads counted since the last call. */
  async flushReads(): Promise<void> {
    const setup = this.setup;
    if (!setup || !this.reads.size) return;
    const paths = [...this.reads].map(slashed).filter((p) => DOCUMENT_PAGE.test(p));
    this.reads = new Set();
    const now = this.now();
    await setup.repo.read(paths, now, now - READ_STEP_MS);
  }

  /**
   * An incremental render wrote or deleted these pages (URL paths): the ones asked for by readers, and
   * the ones recorded before, are recorded with their size now, or dropped when gone; then the limit.
   */
  async rendered(urlPaths: readonly string[]): Promise<void> {
    const setup = this.setup;
    if (!setup) return;
    const pages = urlPaths.map(pageOf).filter((p) => DOCUMENT_PAGE.test(p));
    if (!pages.length) return;
    const known = await setup.repo.known(pages);
    const mine = pages.filter((path) => known.has(path) || this.asked.delete(DOCUMENT_PAGE.exec(path)![1]!));
    const { present, gone } = await measure(setup.siteDir, mine);
    await setup.repo.rendered(present, this.now());
    await setup.repo.remove(gone);
    await this.trim();
  }

  /** The public documents whose pages are recorded: a full render in place renders them again. */
  async documentIds(): Promise<number[]> {
    const setup = this.setup;
    if (!setup) return [];
    const ids: number[] = [];
    for await (const paths of recordedPaths(setup.repo))
      ids.push(...(await setup.publicDocumentIds(paths.map((p) => DOCUMENT_PAGE.exec(p)?.[1] ?? ''))));
    return ids;
  }

  /**
   * A full render rendered these long-tail pages again (URL paths; none when it wrote a fresh
   * folder): they are recorded with their new size, and every other recorded page is gone (its
   * document hidden since, or moved to another address, which is among these). Then the limit.
   */
  async afterFullRender(urlPaths: readonly string[]): Promise<void> {
    const setup = this.setup;
    if (!setup) return;
    const pages = new Set(urlPaths.map(pageOf).filter((p) => DOCUMENT_PAGE.test(p)));
    for (const part of chunks([...pages], SWEEP_BATCH)) {
      const { present, gone } = await measure(setup.siteDir, part);
      await setup.repo.rendered(present, this.now());
      for (const path of gone) pages.delete(path);
    }
    for await (const paths of recordedPaths(setup.repo)) await setup.repo.remove(paths.filter((p) => !pages.has(p)));
    await this.trim();
  }

  /** Deletes the least recently read pages until the long tail is within its limit. */
  async trim(): Promise<void> {
    const setup = this.setup;
    if (!setup) return;
    const limit = await setup.limitBytes();
    if (limit <= 0) return;
    let total = await setup.repo.totalBytes();
    while (total > limit) {
      const oldest = await setup.repo.leastRead(TRIM_BATCH);
      if (!oldest.length) return;
      const removed: string[] = [];
      for (const page of oldest) {
        if (total <= limit) break;
        await removeSiteFile(join(setup.siteDir, page.path));
        removed.push(page.path);
        total -= page.bytes;
      }
      await setup.repo.remove(removed);
      setup.forget(removed.map(urlOf));
      this.onDeleted(removed.map((p) => DOCUMENT_PAGE.exec(p)![1]!));
    }
  }

  private now(): number {
    return (this.setup?.now ?? Date.now)();
  }
}

/** The recorded pages, in path order, a batch at a time. */
async function* recordedPaths(repo: LongTailRepo): AsyncGenerator<string[]> {
  for (let after = ''; ;) {
    const paths = await repo.pathsAfter(after, SWEEP_BATCH);
    if (!paths.length) return;
    yield paths;
    after = paths.at(-1)!;
  }
}

/** These pages' size on disk with their copies, and those that are not on disk. */
async function measure(siteDir: string, pages: readonly string[]) {
  const present: Array<{ path: string; bytes: number }> = [];
  const gone: string[] = [];
  for (const path of pages) {
    const bytes = await sizeOnDisk(join(siteDir, path));
    if (bytes === null) gone.push(path);
    else present.push({ path, bytes });
  }
  return { present, gone };
}

/** A page and its compressed copies on disk; null when the page itself is not there. */
async function sizeOnDisk(file: string): Promise<number | null> {
  const sizes = await Promise.all(
    FILES.map((c) =>
      stat(`${file}${c}`).then(
        (s) => s.size,
        () => null,
      ),
    ),
  );
  if (sizes[0] === null) return null;
  return sizes.reduce<number>((sum, s) => sum + (s ?? 0), 0);
}
