import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, realpath, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { precompressSite } from './precompress.ts';

const DEBOUNCE_MS = 5000;
const KEEP_BUILDS = 2;

export interface SiteBuilderOptions {
  /** The served path: a symlink swapped to each finished build. */
  currentLink: string;
  apiBase: string;
  projectRoot: string;
  log: (msg: string) => void;
}

/**
 * Rebuilds the static site with `astro build` into a fresh folder and swaps the
 * `current` symlink to it in one rename, so visitors never see a half-built site.
 * A failed build keeps the old site.
 */
export class SiteBuilder {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  private again = false;
  private readonly opts: SiteBuilderOptions;

  constructor(opts: SiteBuilderOptions) {
    this.opts = opts;
  }

  hasSite(): boolean {
    return existsSync(join(this.opts.currentLink, 'index.html'));
  }

  request(reason: string): void {
    this.opts.log(`站点将在 ${DEBOUNCE_MS / 1000} 秒后重新构建（${reason}）`);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.build();
    }, DEBOUNCE_MS);
    this.timer.unref();
  }

  async build(): Promise<boolean> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.build();
      }
    });
    return this.running;
  }

  private async run(): Promise<boolean> {
    const buildsDir = join(dirname(this.opts.currentLink), 'builds');
    await mkdir(buildsDir, { recursive: true });
    const out = join(buildsDir, `build-${Date.now()}`);
    const started = Date.now();
    const ok = await new Promise<boolean>((done) => {
      const child = spawn(process.execPath, [resolve(this.opts.projectRoot, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
        cwd: this.opts.projectRoot,
        env: { ...process.env, WENKU_API: this.opts.apiBase, WENKU_OUT_DIR: out, ASTRO_TELEMETRY_DISABLED: '1' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
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
    if (!ok || !existsSync(join(out, 'index.html'))) {
      await rm(out, { recursive: true, force: true });
      return false;
    }
    // compressed copies before the swap: the first visitor of the new build already gets them
    const previous = await realpath(this.opts.currentLink).catch(() => undefined);
    await precompressSite(out, { previous }).catch((err: Error) => this.opts.log(`站点压缩失败（照常提供未压缩的文件）：${err.message}`));
    const tmpLink = `${this.opts.currentLink}.${process.pid}.tmp`;
    await rm(tmpLink, { force: true });
    await symlink(out, tmpLink);
    await rename(tmpLink, this.opts.currentLink);
    this.opts.log(`站点构建完成，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
    const builds = (await readdir(buildsDir)).filter((d) => d.startsWith('build-')).sort();
    for (const old of builds.slice(0, -KEEP_BUILDS)) {
      if (old !== basename(out)) await rm(join(buildsDir, old), { recursive: true, force: true });
    }
    return true;
  }
}
