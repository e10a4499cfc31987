import type { Lease } from '../db/leases.ts';
import type { ChangeEvent } from '../events/bus.ts';
import { spawnRenderer } from './render/renderer.ts';
import { SiteFolder } from './site.folder.ts';
import { renderWholeSite, type FullBuild } from './site.full-build.ts';
import { ItemRenders } from './site.items.ts';

export interface SiteBuilderOptions {
  /** The served path: a symlink swapped to each finished build. */
  currentLink: string;
  apiBase: string;
  /** The pass the renderer's /api/v1 calls carry (build-token.ts). */
  buildToken?: string;
  projectRoot: string;
  /** `fields` (the request ids of the changes rendered) go into the JSON log line */
  log: (msg: string, fields?: Record<string, unknown>) => void;
  /** told the renderer's warnings, a line each (its stderr); default: `log` */
  warn?: (msg: string) => void;
  /** told how many pages each render wrote (wenku_site_pages_rendered_total) */
  onRendered?: (pages: number) => void;
  /**
   * Told the URL paths of the pages each incremental render wrote or deleted: the server's pages held
   * in memory (site.files.ts) follow at once instead of at their next check against the disk.
   */
  onPagesChanged?: (paths: string[]) => void | Promise<void>;
  /** The documents whose long-tail pages a full render in place renders again (site.long-tail.ts). */
  longTailDocuments?: () => Promise<number[]>;
  /** Told when a full render is served, with the URL paths of the long-tail pages it rendered again. */
  onFullRender?: (longTail: string[]) => void | Promise<void>;
  /** Quiet time after the last request before building; default 5 s. */
  debounceMs?: number;
  /** Longest wait after the first request not yet built, however often requests keep coming; default 60 s. */
  maxWaitMs?: number;
  /** Least time between the starts of two builds (each is a full `astro build`); default 30 s. */
  minIntervalMs?: number;
  /** The renderer process's script (tests use a stand-in); default render/render.child.ts. */
  renderer?: string;
  /** How many of the newest documents a render pre-renders; default the server's `WENKU_PRERENDER_DOCUMENTS`. */
  prerenderDocuments?: number;
  /**
   * Several instances on one shared site folder: every render (full or incremental) runs under
   * this database lease, so one instance at a time writes the folder and each change is
   * rendered once, by the instance that saw it.
   */
  lease?: Pick<Lease, 'hold'>;
}

/**
 * Keeps the static site current (docs/incremental-site.md). Item changes (`update`) go to the warm
 * renderer (site.items.ts), which re-renders only the pages that show them. A change every page
 * shares (`request`: settings, navigation, templates) renders every page again (site.full-build.ts).
 * Requests are debounced, but a request waits at most `maxWaitMs` (a member editing every few seconds
 * cannot postpone builds for ever) and builds start at most once per `minIntervalMs` (nor make one
 * build per edit). The folder's builds and markers: site.folder.ts.
 */
export class SiteBuilder {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  /** when the oldest request not yet covered by a build came; null when none waits */
  private pendingSince: number | null = null;
  /**
   * when the newest request not yet covered came: a full build started after it covers every request
   * waiting (the oldest would not: one that came while the last build started was left unrendered)
   */
  private pendingLatest: number | null = null;
  private lastStart = -Infinity;
  /** the stale marker's time already asked for: each marking is rendered once */
  private staleSeen = -Infinity;
  private readonly opts: SiteBuilderOptions;
  private readonly folder: SiteFolder;
  private readonly full: FullBuild;
  private readonly debounceMs: number;
  private readonly maxWaitMs: number;
  private readonly minIntervalMs: number;
  private readonly items: ItemRenders;

  constructor(opts: SiteBuilderOptions) {
    this.opts = opts;
    this.folder = new SiteFolder(opts.currentLink);
    const warn = opts.warn ?? opts.log;
    const setup = {
      projectRoot: opts.projectRoot,
      apiBase: opts.apiBase,
      buildToken: opts.buildToken,
      script: opts.renderer,
      prerenderDocuments: opts.prerenderDocuments,
      warn: (line: string) => warn(`渲染进程：${line}`),
    };
    this.full = {
      folder: this.folder,
      spawn: (args) => spawnRenderer(setup, args),
      log: opts.log,
      onRendered: opts.onRendered,
      longTailDocuments: opts.longTailDocuments,
    };
    this.debounceMs = opts.debounceMs ?? 5000;
    this.maxWaitMs = opts.maxWaitMs ?? 60_000;
    this.minIntervalMs = opts.minIntervalMs ?? 30_000;
    this.items = new ItemRenders({
      ...this.full,
      lease: opts.lease,
      fullRunning: () => this.running !== null,
      requestFull: (reason) => this.request(reason),
      onPagesChanged: opts.onPagesChanged,
    });
  }

  hasSite(): boolean {
    return this.folder.hasSite();
  }

  /** Marks the served site out of date (data changed by another process): the server renders it whole. */
  markStale(): Promise<void> {
    return this.folder.markStale();
  }

  /** When the stale marker was written, if this builder has not asked for a render of it yet. */
  private async unseenStale(): Promise<number | null> {
    if (!this.folder.hasSite() || !this.folder.isStale()) return null;
    const since = await this.folder.staleSince();
    if (since <= this.staleSeen) return null;
    this.staleSeen = since;
    return since;
  }

  /** At start: renders the whole site now if data changed while no server ran; false when it had not. */
  async buildIfStale(): Promise<boolean> {
    const since = await this.unseenStale();
    if (since === null) return false;
    void this.build(since);
    return true;
  }

  /**
   * While the server runs: another process (the operator CLI) marking the site stale asks for a
   * whole render, as a change in the back office does. Returns the stop function.
   */
  watchStale(everyMs = 2000): () => void {
    const timer = setInterval(() => {
      void this.unseenStale().then((since) => {
        if (since !== null) this.request('数据在服务之外被修改', since);
      });
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Asks for a whole render; `since`: when the change was made, if before now. */
  request(reason: string, since = Date.now()): void {
    const now = Date.now();
    this.pendingSince = Math.min(this.pendingSince ?? since, since);
    this.pendingLatest = Math.max(this.pendingLatest ?? since, since);
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
   * (default: the newest request waiting, else now); 0 for the first build of a site.
   */
  async build(coveredAfter = this.pendingLatest ?? Date.now()): Promise<boolean> {
    if (this.running) {
      this.pendingSince ??= Date.now();
      this.pendingLatest = Date.now();
      return this.running;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pendingSince = null;
    this.pendingLatest = null;
    this.lastStart = Date.now();
    this.running = this.runLeased(coveredAfter).finally(() => {
      this.running = null;
      this.schedule(Date.now());
      // changes that came while it rendered
      void this.flush();
    });
    return this.running;
  }

  /** A full build under the lease (when instances share the folder); tried again later while another instance renders. */
  private async runLeased(coveredAfter: number): Promise<boolean> {
    if (!this.opts.lease) return this.run(coveredAfter);
    const leased = await this.opts.lease.hold(() => this.run(coveredAfter));
    if (leased.held) return leased.value;
    this.opts.log('另一个实例正在渲染站点，本次构建稍后进行');
    this.pendingSince = Math.min(this.pendingSince ?? coveredAfter, coveredAfter);
    this.pendingLatest = Math.max(this.pendingLatest ?? coveredAfter, coveredAfter);
    return false;
  }

  private async run(coveredAfter: number): Promise<boolean> {
    if ((await this.folder.lastFullRender()) > coveredAfter) {
      // another instance (sharing the folder) rendered the whole site since this was asked for
      this.opts.log('站点已由其他实例在此之后整站构建，本实例不再重复构建');
      return true;
    }
    // the interval counts from the start a build logs (build() set it already, before the
    // asynchronous check above, so that a build another instance made unnecessary counts too)
    this.lastStart = Date.now();
    this.opts.log('站点开始构建');
    const started = Date.now();
    const served = this.folder.hasSite() ? await this.folder.served() : null;
    // the renderer the refresh replaces holds the whole catalogue in memory: let it go first (after the
    // batch it may be rendering); changes meanwhile wait for the refresh, which reads them
    if (served) await this.items.release();
    const done = await renderWholeSite(this.full, served, started);
    if (!done) return false;
    this.items.adopt(done.child, done.root, started);
    await this.opts.onFullRender?.(done.longTail);
    return true;
  }

  /** Item changes waiting to be rendered (wenku_site_render_queue). */
  queued(): number {
    return this.items.queued();
  }

  /** Item changes: rendered incrementally, in batches, by the warm renderer (started when none runs). */
  update(event: ChangeEvent): void {
    this.items.update(event);
  }

  /** Renders the changes gathered so far; resolves when they are live (or failed, logged). */
  flush(): Promise<void> {
    return this.items.flush();
  }

  /** Starts the renderer on the served site (after a server start, so the first change is rendered in seconds). */
  warm(): Promise<void> {
    return this.items.warm();
  }

  /** Stops the renderer process (server shutdown). */
  stop(): void {
    this.items.stop();
  }
}
