import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { processEnv } from '../../config.ts';
import type { ChangeEvent } from '../../events/bus.ts';
import type { RenderReply, RenderRequest } from './render.child.ts';

const RENDERER = fileURLToPath(new URL('./render.child.ts', import.meta.url));

/** What a renderer process answers once it has built (or warmed on) a site. */
export type Built = Extract<RenderReply, { type: 'built'; ok: true }> | { ok: false; error: string };

export interface RendererSetup {
  projectRoot: string;
  apiBase: string;
  /** The pass its /api/v1 calls carry (build-token.ts); without it they are limited as a visitor's. */
  buildToken?: string;
  /** told each line the renderer writes to stderr (its warnings: a capped site, a list page it could not read) */
  warn?: (line: string) => void;
  /** The renderer process's script (tests use a stand-in); default render.child.ts. */
  script?: string;
  /** How many of the newest documents it pre-renders; default the server's own `WENKU_PRERENDER_DOCUMENTS`. */
  prerenderDocuments?: number;
}

/** Starts a renderer process (`full`, `refresh` or `warm`, with its folders); `built` tells how its build went. */
export function spawnRenderer(setup: RendererSetup, args: string[]): { child: ChildProcess; built: Promise<Built> } {
  const child = spawn(process.execPath, [setup.script ?? RENDERER, ...args], {
    cwd: setup.projectRoot,
    env: {
      ...processEnv(),
      WENKU_API: setup.apiBase,
      WENKU_BUILD_TOKEN: setup.buildToken ?? '',
      ...(setup.prerenderDocuments === undefined ? {} : { WENKU_PRERENDER_DOCUMENTS: String(setup.prerenderDocuments) }),
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  // the renderer never keeps this process alive (tests, `npm run wenku`); the server listens anyway
  child.unref();
  child.channel?.unref();
  let err = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (d: string) => {
    err = (err + d).slice(-4000);
  });
  // readline joins lines written in pieces and gives the last one without its newline at the end
  if (child.stderr && setup.warn) {
    const warn = setup.warn;
    createInterface({ input: child.stderr }).on('line', (line) => {
      if (line.trim()) warn(line);
    });
  }
  const built = new Promise<Built>((done) => {
    child.on('message', (m: RenderReply) => {
      if (m.type === 'built') done(m.ok ? m : { ok: false, error: `${m.error}\n${err}` });
    });
    child.on('error', (e) => done({ ok: false, error: e.message }));
    child.on('exit', (code) => done({ ok: false, error: `渲染进程退出（${code}）：${err}` }));
  });
  return { child, built };
}

/** A renderer process kept after its build: it holds the site's pages and data and renders item changes in place. */
export class WarmRenderer {
  private readonly waiting = new Map<number, (reply: RenderReply) => void>();
  private nextId = 1;
  readonly child: ChildProcess;
  /** the build its pages and data were loaded from */
  readonly root: string;
  /** the full render (its start, the `full-render` marker) its data were loaded after */
  readonly fullAt: number;

  /** `onExit` runs when the process ends. */
  constructor(child: ChildProcess, root: string, fullAt: number, onExit: () => void) {
    this.child = child;
    this.root = root;
    this.fullAt = fullAt;
    child.on('message', (m: RenderReply) => {
      if (m.type !== 'rendered' && m.type !== 'failed') return;
      this.waiting.get(m.id)?.(m);
      this.waiting.delete(m.id);
    });
    child.on('exit', (code) => {
      onExit();
      for (const [id, done] of this.waiting) done({ type: 'failed', id, error: `渲染进程退出（${code}）` });
      this.waiting.clear();
    });
  }

  /** Renders the pages that show these changes into the served build `root`. */
  render(root: string, events: ChangeEvent[]): Promise<RenderReply> {
    const id = this.nextId++;
    return new Promise<RenderReply>((done) => {
      this.waiting.set(id, done);
      const msg: RenderRequest = { type: 'render', id, root, events };
      this.child.send(msg);
    });
  }

  kill(): void {
    this.child.kill();
  }
}

/** The log line of an incremental render, with the request ids of the changes it rendered. */
export function renderedLine(
  reply: Extract<RenderReply, { type: 'rendered' }>,
  events: ChangeEvent[],
): [string, Record<string, unknown> | undefined] {
  const list = (paths: string[]) => (paths.length ? `：${paths.join('，')}` : '');
  const reqIds = [...new Set(events.flatMap((e) => ('reqId' in e && e.reqId ? [e.reqId] : [])))];
  return [
    `站点增量更新（未整站构建）：渲染 ${reply.rendered.length} 页${list(reply.rendered)}；删除 ${reply.removed.length} 页${list(reply.removed)}；用时 ${(reply.ms / 1000).toFixed(1)} 秒`,
    reqIds.length ? { reqIds } : undefined,
  ];
}
