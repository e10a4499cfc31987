import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readlink, realpath, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { processEnv } from '../config.ts';
import { alive } from '../convert/job-dir.ts';
import { precompressSite } from './precompress.ts';

const KEEP_BUILDS = 2;
const DONE = /^build-\d+$/;
// a build being written by process <pid>; renamed to build-* only once astro finished
const PARTIAL = /^partial-(\d+)-\d+$/;

export interface SiteBuilderOptions {
  /** The served path: a symlink swapped to each finished build. */
  currentLink: string;
  apiBase: string;
  projectRoot: string;
  log: (msg: string) => void;
  /** Quiet time after the last request before building; default 5 s. */
  debounceMs?: number;
  /** Longest wait after the first request not yet built, however often requests keep coming; default 60 s. */
  maxWaitMs?: number;
  /** Least time between the starts of two builds (each is a full `astro build`); default 30 s. */
  minIntervalMs?: number;
}

/**
 * Rebuilds the static site with `astro build` into a fresh folder and swaps the
 * `current` symlink to it in one rename, so visitors never see a half-built site.
 * A failed build keeps the old site. Requests are debounced, but a request waits at most
 * `maxWaitMs` (a member editing every few seconds cannot postpone builds for ever) and builds
 * start at most once per `minIntervalMs` (nor make one build per edit).
 */
export class SiteBuilder {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  /** when the oldest request not yet covered by a build came; null when none waits */
  private pendingSince: number | null = null;
  private lastStart = -Infinity;
  private readonly opts: SiteBuilderOptions;
  private readonly debounceMs: number;
  private readonly maxWaitMs: number;
  private readonly minIntervalMs: number;

  constructor(opts: SiteBuilderOptions) {
    this.opts = opts;
    this.debounceMs = opts.debounceMs ?? 5000;
    this.maxWaitMs = opts.maxWaitMs ?? 60_000;
    this.minIntervalMs = opts.minIntervalMs ?? 30_000;
  }

  hasSite(): boolean {
    return existsSync(join(this.opts.currentLink, 'index.html'));
  }

  request(reason: string): void {
    const now = Date.now();
    this.pendingSince ??= now;
    const delay = this.schedule(now);
    this.opts.log(`站点将在 ${Math.ceil((delay ?? this.debounceMs) / 1000)} 秒后重新构建（${reason}）`);
  }

  /** (Re)arms the timer for the waiting request; the delay, or null while a build runs (it schedules when done). */
  private schedule(now: number): number | null {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running || this.pendingSince === null) return null;
    const due = Math.max(
      Math.min(now + this.debounceMs, this.pendingSince + this.maxWaitMs),
      this.lastStart + this.minIntervalMs,
    );
    const delay = Math.max(0, due - now);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.build();
    }, delay);
    this.timer.unref();
    return delay;
  }

  /** Builds now (a build already running: the request waits for its turn). */
  async build(): Promise<boolean> {
    if (this.running) {
      this.pendingSince ??= Date.now();
      return this.running;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pendingSince = null;
    this.lastStart = Date.now();
    this.opts.log('站点开始构建');
    this.running = this.run().finally(() => {
      this.running = null;
      this.schedule(Date.now());
    });
    return this.running;
  }

  /**
   * Called with no build of this process running: deletes partial builds left by processes killed
   * mid-build (ours from before a restart may have the same PID), never kept and never served, and
   * old builds beyond the newest KEEP_BUILDS (never the served one).
   */
  private async removeStaleBuilds(buildsDir: string, keep: string | null): Promise<void> {
    const entries = await readdir(buildsDir);
    const served = await readlink(this.opts.currentLink).then(
      (p) => basename(p),
      () => null,
    );
    const partials = entries.filter((d) => {
      const pid = Number(PARTIAL.exec(d)?.[1] ?? 0);
      return pid > 0 && (pid === process.pid || !alive(pid));
    });
    // a build-* without its index.html was cut short by a version that built in place
    const complete = entries.filter((d) => DONE.test(d) && (d === served || existsSync(join(buildsDir, d, 'index.html')))).sort();
    const broken = entries.filter((d) => DONE.test(d) && !complete.includes(d));
    const old = complete.slice(0, -KEEP_BUILDS).filter((d) => d !== served && d !== keep);
    for (const d of [...partials, ...broken, ...old]) await rm(join(buildsDir, d), { recursive: true, force: true });
  }

  private async run(): Promise<boolean> {
    const buildsDir = join(dirname(this.opts.currentLink), 'builds');
    await mkdir(buildsDir, { recursive: true });
    await this.removeStaleBuilds(buildsDir, null);
    const stamp = Date.now();
    const partial = join(buildsDir, `partial-${process.pid}-${stamp}`);
    const out = join(buildsDir, `build-${stamp}`);
    const started = Date.now();
    const ok = await new Promise<boolean>((done) => {
      const child = spawn(
        process.execPath,
        [resolve(this.opts.projectRoot, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'],
        {
          cwd: this.opts.projectRoot,
          env: { ...processEnv(), WENKU_API: this.opts.apiBase, WENKU_OUT_DIR: partial, ASTRO_TELEMETRY_DISABLED: '1' },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let err = '';
      child.stderr.on('data', (d: Buffer) => {
        err = (err + d.toString()).slice(-4000);
      });
      child.on('error', () => done(false));
      child.on('close', (code) => {
        if (code !== 0) this.opts.log(`站点构建失败（保留旧站点）：${err}`);
        done(code === 0);
      });
    });
    if (!ok || !existsSync(join(partial, 'index.html'))) {
      await rm(partial, { recursive: true, force: true });
      return false;
    }
    // compressed copies before the swap: the first visitor of the new build already gets them
    const previous = await realpath(this.opts.currentLink).catch(() => undefined);
    await precompressSite(partial, { previous }).catch((err: Error) =>
      this.opts.log(`站点压缩失败（照常提供未压缩的文件）：${err.message}`),
    );
    await rename(partial, out);
    const tmpLink = `${this.opts.currentLink}.${process.pid}.tmp`;
    await rm(tmpLink, { force: true });
    await symlink(out, tmpLink);
    await rename(tmpLink, this.opts.currentLink);
    this.opts.log(`站点构建完成，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
    await this.removeStaleBuilds(buildsDir, basename(out));
    return true;
  }
}
