import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Lease } from '../db/leases.ts';
import type { ChangeEvent } from '../events/bus.ts';
import { renderedLine, WarmRenderer } from './render/renderer.ts';
import type { FullBuild } from './site.full-build.ts';

/** Item changes are gathered this long before one incremental render. */
const BATCH_MS = 200;
/** A render waiting for another instance's (lease held elsewhere) tries again this often. */
const LEASE_RETRY_MS = 1000;

export interface ItemRendersSetup extends FullBuild {
  lease?: Pick<Lease, 'hold'>;
  /** a full render is under way: it reads the data after the changes waiting, which wait for it */
  fullRunning: () => boolean;
  /** asks for a full render (a failed incremental one, templates changed since the served build) */
  requestFull: (reason: string) => void;
  /**
   * the URL paths of pages an incremental render wrote or deleted (a server holding pages in memory
   * forgets them, the long tail is recorded); awaited under the lease, before the next render
   */
  onPagesChanged?: (paths: string[]) => void | Promise<void>;
}

/**
 * Item changes (`update`: a document, article, category, user or banner) rendered incrementally
 * (docs/incremental-site.md): gathered for BATCH_MS, then the warm renderer re-renders only the pages
 * that show the items, in place, each file renamed over the old one; under the lease where instances
 * share the folder.
 */
export class ItemRenders {
  private readonly setup: ItemRendersSetup;
  private renderer: WarmRenderer | null = null;
  private warming: Promise<void> | null = null;
  private pending: ChangeEvent[] = [];
  private batchTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(setup: ItemRendersSetup) {
    this.setup = setup;
  }

  queued(): number {
    return this.pending.length;
  }

  update(event: ChangeEvent): void {
    this.pending.push(event);
    this.flushAfter(BATCH_MS);
  }

  private flushAfter(ms: number): void {
    if (this.batchTimer) return;
    this.batchTimer = setTimeout(() => {
      this.batchTimer = null;
      void this.flush();
    }, ms);
    this.batchTimer.unref();
  }

  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    // a full render under way reads the data after these writes; what it misses is rendered after it
    if (this.setup.fullRunning() || !this.pending.length) return;
    this.flushing = this.renderPending().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async renderPending(): Promise<void> {
    // another instance swapped in a full build: this renderer's pages and data are older than it
    if (this.renderer && !(await this.current(this.renderer))) this.stop();
    if (!this.renderer && this.setup.folder.hasSite()) await this.warm();
    if (!this.setup.lease) return this.renderBatch();
    const leased = await this.setup.lease.hold(() => this.renderBatch());
    // another instance is rendering: these changes wait for their turn
    if (!leased.held && this.pending.length) this.flushAfter(LEASE_RETRY_MS);
  }

  private async renderBatch(): Promise<void> {
    const renderer = this.renderer;
    if (!renderer || this.setup.fullRunning()) return;
    const root = await this.setup.folder.served();
    // rendered anew while waiting for the lease: the next flush warms a renderer on it first
    if (!root || !(await this.current(renderer))) return this.flushAfter(LEASE_RETRY_MS);
    const events = this.pending;
    this.pending = [];
    const reply = await renderer.render(root, events);
    if (reply.type === 'rendered') {
      this.setup.onRendered?.(reply.rendered.length);
      await this.setup.onPagesChanged?.([...reply.rendered, ...reply.removed]);
      this.setup.log(...renderedLine(reply, events));
    } else if (reply.type === 'failed') {
      this.setup.log(`站点增量更新失败，改为整站构建：${reply.error}`);
      this.setup.requestFull('增量更新失败');
    }
  }

  /**
   * Starts the renderer on the served site without rendering it (one page per route, thrown away).
   * Templates changed since the served site was built: the whole site is rendered again.
   */
  warm(): Promise<void> {
    this.warming ??= this.warmOnce().finally(() => {
      this.warming = null;
    });
    return this.warming;
  }

  private async warmOnce(): Promise<void> {
    const { folder, log } = this.setup;
    const served = await folder.served();
    if (!served) return;
    const fullAt = await folder.lastFullRender();
    // the host in the name: instances on several machines may share the folder
    const scratch = join(folder.buildsDir, `warm-${hostname()}-${process.pid}`);
    await rm(scratch, { recursive: true, force: true });
    const { child, built } = this.setup.spawn(['warm', scratch, served]);
    const reply = await built;
    if (!reply.ok) {
      child.kill();
      log(`站点渲染器启动失败：${reply.error}`);
      return;
    }
    this.adopt(child, served, fullAt);
    log(`站点渲染器已就绪，用时 ${(reply.ms / 1000).toFixed(1)} 秒`);
    if (reply.stale) this.setup.requestFull('页面模板已更新');
  }

  /** After the batch being rendered, the renderer ends (a full render replaces it). */
  async release(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.stop();
  }

  stop(): void {
    this.renderer?.kill();
    this.renderer = null;
  }

  /** The renderer whose pages are served from now on; the previous one ends. */
  adopt(child: ChildProcess, root: string, fullAt: number): void {
    this.renderer?.kill();
    const renderer: WarmRenderer = new WarmRenderer(child, root, fullAt, () => {
      if (this.renderer === renderer) this.renderer = null;
    });
    this.renderer = renderer;
  }

  /** Whether a renderer still holds what is served: the same build, and no full render since it loaded. */
  private async current(renderer: WarmRenderer): Promise<boolean> {
    const { folder } = this.setup;
    return (await folder.served()) === renderer.root && (await folder.lastFullRender()) === renderer.fullAt;
  }
}
