import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processEnv } from '../config.ts';
import { alive } from '../convert/job-dir.ts';
import type { Lease } from '../db/leases.ts';
import type { ChangeEvent } from '../events/bus.ts';
import type { RenderReply, RenderRequest } from './render/render.child.ts';

/** Only the served build is kept (the disk of one copy); a full render writes the next beside it. */
const KEEP_BUILDS = 1;
const RENDERER = fileURLToPath(new URL('./render/render.child.ts', import.meta.url));
/** Item changes are gathered this long before one incremental render. */
const BATCH_MS = 200;
/** A render waiting for another instance's (lease held elsewhere) tries again this often. */
const LEASE_RETRY_MS = 1000;
const DONE = /^build-\d+$/;
// a build being written by process <pid>; renamed to build-* only once astro finished
const PARTIAL = /^partial-(\d+)-\d+(-scratch)?$/;

export interface SiteBuilderOptions {
  /** The served path: a symlink swapped to each finished build. */
  currentLink: string;
  apiBase: string;
  projectRoot: string;
  /** `fields` (the request ids of the changes rendered) go into the JSON log line */
  log: (msg: string, fields?: Record<string, unknown>) => void;
  /** told how many pages each render wrote (wenku_site_pages_rendered_total) */
  onRendered?: (pages: number) => void;
  /** Quiet time after the last request before building; default 5 s. */
  debounceMs?: number;
  /** Longest wait after the first request not yet built, however often requests keep coming; default 60 s. */
  maxWaitMs?: number;
  /** Least time between the starts of two builds (each is a full `astro build`); default 30 s. */
  minIntervalMs?: number;
  /** The renderer process's script (tests use a stand-in); default render/render.child.ts. */
  renderer?: string;
  /**
   * Several instances on one shared site folder: every render (full or incremental) runs under
   * this database lease, so one instance at a time writes the folder and each change is
   * rendered once, by the instance that saw it.
   */
  lease?: Pick<Lease, 'hold'>;
}

interface Renderer {
  child: ChildProcess;
  /** the build its pages and data were loaded from */
  root: string;
  /** the full render (its start, `full-render` marker) its data were loaded after */
  fullAt: number;
  /** answers of the renders asked for, by request id */
  waiting: Map<number, (reply: RenderReply) => void>;
}

/**
 * Keeps the static site current (docs/incremental-site.md).
 *
 * Item changes (`update`: a document, article, category, user or banner) are rendered
 * incrementally by the renderer process (render/render.child.ts), which re-renders only the pages
 * that show the items, in place, each file renamed over the old one. A change every page shares
 * (`request`: settings, navigation, templates) renders every page again: the first time into a
 * fresh folder that the `current` symlink is then swapped to; once a site is served, in place, one
 * atomic rename per page (a large site is never on disk twice). A visitor sees an old page or a new
 * one, never half of one; a failed render keeps what it did not reach. Requests are debounced, but a request waits at most
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
  private renderer: Renderer | null = null;
  private warming: Promise<void> | null = null;
  private pending: ChangeEvent[] = [];
  private batchTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private nextId = 1;

  constructor(opts: SiteBuilderOptions) {
    this.opts = opts;
    this.debounceMs = opts.debounceMs ?? 5000;
    this.maxWaitMs = opts.maxWaitMs ?? 60_000;
    this.minIntervalMs = opts.minIntervalMs ?? 30_000;
  }

  hasSite(): boolean {
    return existsSync(join(this.opts.currentLink, 'index.html'));
  }

  /** Marks the served site out of date (data changed while no server ran): the next start renders it whole. */
  async markStale(): Promise<void> {
    await mkdir(dirname(this.opts.currentLink), { recursive: true });
    await writeFile(this.staleMarker(), new Date().toISOString());
  }

  isStale(): boolean {
    return existsSync(this.staleMarker());
  }

  /** When the data changed unseen (the stale marker's time); a full build started later covers it. */
  async staleSince(): Promise<number> {
    const at = Date.parse(await readFile(this.staleMarker(), 'utf8').catch(() => ''));
    return Number.isFinite(at) ? at : Date.now();
  }

  private staleMarker(): string {
    return join(dirname(this.opts.currentLink), 'stale');
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

  /**
   * Builds now (a build already running: the request waits for its turn). `coveredAfter`: a full
   * build of any instance started after this time already shows what the request asks for
   * (default: the oldest request waiting, else now); 0 for the first build of a site.
   */
  async build(coveredAfter = this.pendingSince ?? Date.now()): Promise<boolean> {
    if (this.running) {
      this.pendingSince ??= Date.now();
      return this.running;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pendingSince = null;
    this.lastStart = Date.now();
    this.running = this.runLeased(coveredAfter).finally(() => {
      this.running = null;
      this.schedule(Date.now());
      // changes that came while it rendered
      void this.flush();
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

  /** Item changes waiting to be rendered (wenku_site_render_queue). */
  queued(): number {
    return this.pending.length;
  }

  /** Item changes: rendered incrementally, in batches, by the warm renderer (started when none runs). */
  update(event: ChangeEvent): void {
    this.pending.push(event);
    if (this.batchTimer) return;
    this.batchTimer = setTimeout(() => {
      this.batchTimer = null;
      void this.flush();
    }, BATCH_MS);
    this.batchTimer.unref();
  }

  /** Renders the changes gathered so far; resolves when they are live (or failed, logged). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    // a full render under way reads the data after these writes; what it misses is rendered after it
    if (this.running || !this.pending.length) return;
    this.flushing = this.renderPending().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async renderPending(): Promise<void> {
    // another instance swapped in a full build: this renderer's pages and data are older than it
    if (this.renderer && !(await this.current(this.renderer))) this.stop();
    if (!this.renderer && this.hasSite()) await this.warm();
    if (!this.opts.lease) return this.renderBatch();
    const leased = await this.opts.lease.hold(() => this.renderBatch());
    // another instance is rendering: these changes wait for their turn
    if (!leased.held && this.pending.length) this.retrySoon();
  }

  private async renderBatch(): Promise<void> {
    const renderer = this.renderer;
    if (!renderer || this.running) return;
    const root = await realpath(this.opts.currentLink);
    // rendered anew while waiting for the lease: the next flush warms a renderer on it first
    if (!(await this.current(renderer))) return this.retrySoon();
    const events = this.pending;
    this.pending = [];
    const id = this.nextId++;
    const reply = await new Promise<RenderReply>((done) => {
      renderer.waiting.set(id, done);
      const msg: RenderRequest = { type: 'render', id, root, events };
      renderer.child.send(msg);
    });
    if (reply.type === 'rendered') {
      const list = (paths: string[]) => (paths.length ? `：${paths.join('，')}` : '');
      this.opts.onRendered?.(reply.rendered.length);
      const reqIds = [...new Set(events.flatMap((e) => ('reqId' in e && e.reqId ? [e.reqId] : [])))];
      this.opts.log(
        `站点增量更新（未整站构建）：渲染 ${reply.rendered.length} 页${list(reply.rendered)}；删除 ${reply.removed.length} 页${list(reply.removed)}；用时 ${(reply.ms / 1000).toFixed(1)} 秒`,
        reqIds.length ? { reqIds } : undefined,
      );
    } else if (reply.type === 'failed') {
      this.opts.log(`站点增量更新失败，改为整站构建：${reply.error}`);
      this.request('增量更新失败');
    }
  }

  /**
   * Starts the renderer on the served site without rendering it (one page per route, thrown away):
   * after a server start, so the first change is rendered in seconds. Templates changed since the
   * served site was built: the whole site is rendered again.
   */
  warm(): Promise<void> {
    this.warming ??= (async () => {
      const served = await realpath(this.opts.currentLink).catch(() => null);
      if (!served) return;
      const fullAt = await this.lastFullRender();
      // the host in the name: instances on several machines may share the folder
      const scratch = join(dirname(this.opts.currentLink), 'builds', `warm-${hostname()}-${process.pid}`);
      await rm(scratch, { recursive: true, force: true });
      const { child, built } = this.spawnRenderer(['warm', scratch, served]);
      const reply = await built;
      if (!reply.ok) {
        child.kill();
        this.opts.log(`站点渲染器启动失败：${reply.error}`);
        return;
      }
      this.adopt(child, served, fullAt);
      this.opts.log(`站点渲染器已就绪，用时 ${(reply.ms / 1000).toFixed(1)} 秒`);
      if (reply.stale) this.request('页面模板已更新');
    })().finally(() => {
      this.warming = null;
    });
    return this.warming;
  }

  private retrySoon(): void {
    if (this.batchTimer) return;
    this.batchTimer = setTimeout(() => {
      this.batchTimer = null;
      void this.flush();
    }, LEASE_RETRY_MS);
    this.batchTimer.unref();
  }

  /** Stops the renderer process (server shutdown). */
  stop(): void {
    this.renderer?.child.kill();
    this.renderer = null;
  }

  private spawnRenderer(args: string[]): {
    child: ChildProcess;
    built: Promise<{ ok: true; stale: boolean; ms: number; pages?: number } | { ok: false; error: string }>;
  } {
    const child = spawn(process.execPath, [this.opts.renderer ?? RENDERER, ...args], {
      cwd: this.opts.projectRoot,
      env: { ...processEnv(), WENKU_API: this.opts.apiBase, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // the renderer never keeps this process alive (tests, `npm run wenku`); the server listens anyway
    child.unref();
    child.channel?.unref();
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-4000);
    });
    const built = new Promise<{ ok: true; stale: boolean; ms: number; pages?: number } | { ok: false; error: string }>((done) => {
      child.on('message', (m: RenderReply) => {
        if (m.type === 'built') done(m.ok ? m : { ok: false, error: `${m.error}\n${err}` });
      });
      child.on('error', (e) => done({ ok: false, error: e.message }));
      child.on('exit', (code) => done({ ok: false, error: `渲染进程退出（${code}）：${err}` }));
    });
    return { child, built };
  }

  /** The renderer whose pages are served from now on; the previous one ends. */
  private adopt(child: ChildProcess, root: string, fullAt: number): void {
    this.renderer?.child.kill();
    const renderer: Renderer = { child, root, fullAt, waiting: new Map() };
    this.renderer = renderer;
    child.on('message', (m: RenderReply) => {
      if (m.type !== 'rendered' && m.type !== 'failed') return;
      renderer.waiting.get(m.id)?.(m);
      renderer.waiting.delete(m.id);
    });
    child.on('exit', (code) => {
      if (this.renderer === renderer) this.renderer = null;
      for (const [id, done] of renderer.waiting) done({ type: 'failed', id, error: `渲染进程退出（${code}）` });
      renderer.waiting.clear();
    });
  }

  /** A full build under the lease (when instances share the folder); tried again later while another instance renders. */
  private async runLeased(coveredAfter: number): Promise<boolean> {
    if (!this.opts.lease) return this.run(coveredAfter);
    const leased = await this.opts.lease.hold(() => this.run(coveredAfter));
    if (leased.held) return leased.value;
    this.opts.log('另一个实例正在渲染站点，本次构建稍后进行');
    this.pendingSince = Math.min(this.pendingSince ?? coveredAfter, coveredAfter);
    return false;
  }

  /**
   * When the last full render of the served site started (the `full-render` marker beside
   * `current`, written by whichever instance rendered it; else the `build-<ms>` name of the served
   * folder); -Infinity without a site.
   */
  private async lastFullRender(): Promise<number> {
    if (!this.hasSite()) return -Infinity;
    const marked = Number(await readFile(join(dirname(this.opts.currentLink), 'full-render'), 'utf8').catch(() => ''));
    if (marked > 0) return marked;
    const stamp = /^build-(\d+)$/.exec(basename(await readlink(this.opts.currentLink).catch(() => '')))?.[1];
    return stamp ? Number(stamp) : -Infinity;
  }

  private async markFullRender(started: number): Promise<void> {
    const tmp = join(dirname(this.opts.currentLink), `full-render.${process.pid}.tmp`);
    await writeFile(tmp, String(started));
    await rename(tmp, join(dirname(this.opts.currentLink), 'full-render'));
  }

  /** Whether a renderer still holds what is served: the same build, and no full render since it loaded. */
  private async current(renderer: Renderer): Promise<boolean> {
    const served = await realpath(this.opts.currentLink).catch(() => null);
    return served === renderer.root && (await this.lastFullRender()) === renderer.fullAt;
  }

  /**
   * A site is served: every page is rendered again in place (render.refresh.ts), so the disk never
   * holds two copies of a large site; `scratch` holds only the compiled build meanwhile.
   */
  private async refresh(scratch: string, served: string, started: number, wasStale: boolean): Promise<boolean> {
    const { child, built } = this.spawnRenderer(['refresh', scratch, served]);
    const reply = await built;
    await rm(scratch, { recursive: true, force: true });
    if (!reply.ok) {
      child.kill();
      // pages already rendered stay (each is whole); the stale marker asks the next start again
      this.opts.log(`站点整站渲染失败（已渲染的页面保留）：${reply.error}`);
      return false;
    }
    // other instances' renderers now hold older data: they warm anew before their next render
    await this.markFullRender(started);
    if (wasStale) await rm(this.staleMarker(), { force: true });
    this.adopt(child, served, started);
    const pages = reply.pages === undefined ? '' : `原地渲染 ${reply.pages} 页，`;
    if (reply.pages) this.opts.onRendered?.(reply.pages);
    this.opts.log(`站点构建完成（整站，${pages}未另建副本），用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
    return true;
  }

  private async run(coveredAfter: number): Promise<boolean> {
    if ((await this.lastFullRender()) > coveredAfter) {
      // another instance (sharing the folder) rendered the whole site since this was asked for
      this.opts.log('站点已由其他实例在此之后整站构建，本实例不再重复构建');
      return true;
    }
    this.opts.log('站点开始构建');
    const buildsDir = join(dirname(this.opts.currentLink), 'builds');
    await mkdir(buildsDir, { recursive: true });
    await this.removeStaleBuilds(buildsDir, null);
    const stamp = Date.now();
    const partial = join(buildsDir, `partial-${process.pid}-${stamp}`);
    const out = join(buildsDir, `build-${stamp}`);
    const started = Date.now();
    const wasStale = this.isStale();
    const served = await realpath(this.opts.currentLink).catch(() => null);
    if (served && existsSync(join(served, 'index.html'))) {
      // the renderer the refresh replaces holds the whole catalogue in memory: let it go first
      // (after the batch it may be rendering); changes meanwhile wait for the refresh, which reads them
      while (this.flushing) await this.flushing;
      this.stop();
      return this.refresh(partial, served, started, wasStale);
    }
    // pages are compressed as they are written (render.refresh.ts): no pass over the site follows
    const scratch = `${partial}-scratch`;
    const { child, built } = this.spawnRenderer(['full', partial, scratch]);
    const reply = await built;
    await rm(scratch, { recursive: true, force: true });
    if (!reply.ok) this.opts.log(`站点构建失败（保留旧站点）：${reply.error}`);
    if (!reply.ok || !existsSync(join(partial, 'index.html'))) {
      child.kill();
      await rm(partial, { recursive: true, force: true });
      return false;
    }
    await rename(partial, out);
    const tmpLink = `${this.opts.currentLink}.${process.pid}.tmp`;
    await rm(tmpLink, { force: true });
    await symlink(out, tmpLink);
    await rename(tmpLink, this.opts.currentLink);
    await this.markFullRender(started);
    if (wasStale) await rm(this.staleMarker(), { force: true });
    this.adopt(child, await realpath(out), started);
    this.opts.log(`站点构建完成（整站），用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
    await this.removeStaleBuilds(buildsDir, basename(out));
    return true;
  }
}
