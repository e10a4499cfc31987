import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, realpath, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { alive } from '../convert/job-dir.ts';

/** Only the served build is kept (the disk of one copy); a full render writes the next beside it. */
const KEEP_BUILDS = 1;
const DONE = /^build-\d+$/;
// a build being written by process <pid>; renamed to build-* only once astro finished
const PARTIAL = /^partial-(\d+)-\d+(-scratch|\.long-tail)?$/;

/**
 * The site's folder (docs/incremental-site.md): `current`, the served build (a symlink swapped to each
 * finished one); `builds/` with the finished `build-<ms>` folders and the `partial-<pid>-<ms>` ones being
 * written; the `stale` marker (data changed while no server ran) and the `full-render` marker (when the
 * last full render of the served site started, whichever instance rendered it).
 */
export class SiteFolder {
  readonly currentLink: string;

  constructor(currentLink: string) {
    this.currentLink = currentLink;
  }

  private get dir(): string {
    return dirname(this.currentLink);
  }

  get buildsDir(): string {
    return join(this.dir, 'builds');
  }

  hasSite(): boolean {
    return existsSync(join(this.currentLink, 'index.html'));
  }

  /** The served build's real folder; null without one. */
  served(): Promise<string | null> {
    return realpath(this.currentLink).catch(() => null);
  }

  async markStale(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.staleMarker(), new Date().toISOString());
  }

  isStale(): boolean {
    return existsSync(this.staleMarker());
  }

  /** When the data changed unseen (the stale marker's time); a full build started later covers it. */
  async staleSince(): Promise<number> {
    const at = Date.parse(await readFile(this.staleMarker(), 'utf8').catch(() => ''));
    if (Number.isFinite(at)) return at;
    // a marker cut short by a crash: its file's time says as much
    return stat(this.staleMarker()).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
  }

  clearStale(): Promise<void> {
    return rm(this.staleMarker(), { force: true });
  }

  private staleMarker(): string {
    return join(this.dir, 'stale');
  }

  /** When the last full render of the served site started (the marker, else the `build-<ms>` name); -Infinity without a site. */
  async lastFullRender(): Promise<number> {
    if (!this.hasSite()) return -Infinity;
    const marked = Number(await readFile(join(this.dir, 'full-render'), 'utf8').catch(() => ''));
    if (marked > 0) return marked;
    const stamp = /^build-(\d+)$/.exec(basename(await readlink(this.currentLink).catch(() => '')))?.[1];
    return stamp ? Number(stamp) : -Infinity;
  }

  /** Written after a full render: other instances' renderers now hold older data and warm anew before their next render. */
  async markFullRender(started: number): Promise<void> {
    const tmp = join(this.dir, `full-render.${process.pid}.tmp`);
    await writeFile(tmp, String(started));
    await rename(tmp, join(this.dir, 'full-render'));
  }

  /**
   * Called with no build of this process running: deletes partial builds left by processes killed
   * mid-build (ours from before a restart may have the same PID), never kept and never served, and
   * old builds beyond the newest KEEP_BUILDS (never the served one, nor `keep`).
   */
  async removeStaleBuilds(keep: string | null): Promise<void> {
    const entries = await readdir(this.buildsDir);
    const served = await readlink(this.currentLink).then(
      (p) => basename(p),
      () => null,
    );
    const partials = entries.filter((d) => {
      const pid = Number(PARTIAL.exec(d)?.[1] ?? 0);
      return pid > 0 && (pid === process.pid || !alive(pid));
    });
    // a build-* without its index.html was cut short by a version that built in place
    const complete = entries
      .filter((d) => DONE.test(d) && (d === served || existsSync(join(this.buildsDir, d, 'index.html'))))
      .sort();
    const broken = entries.filter((d) => DONE.test(d) && !complete.includes(d));
    const old = complete.slice(0, -KEEP_BUILDS).filter((d) => d !== served && d !== keep);
    for (const d of [...partials, ...broken, ...old]) await rm(join(this.buildsDir, d), { recursive: true, force: true });
  }

  /** A finished build becomes `build-<ms>` and is served: the symlink is swapped in one rename. */
  async publish(partial: string, out: string): Promise<void> {
    await rename(partial, out);
    const tmpLink = `${this.currentLink}.${process.pid}.tmp`;
    await rm(tmpLink, { force: true });
    await symlink(out, tmpLink);
    await rename(tmpLink, this.currentLink);
  }
}
