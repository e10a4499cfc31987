import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { ConvertAborted, ConvertError, failureReason } from './errors.ts';
import { removeOrphanJobDirs } from './job-dir.ts';
import { convertStoredFile, readConvertSettings, type ConvertDeps } from './pipeline.ts';
import { Status, claimNext, failConversion, finishConverted, releaseClaim, renewLease } from './queue.ts';
import { reuseConvertedPages } from './reuse.ts';

export interface WorkerOptions {
  /** Lease length; default twice the conversion timeout, at least a minute. */
  leaseMs?: number;
  /** Pause between polls of an empty queue; default 1–2 s. */
  pollMs?: number;
  log?: (msg: string) => void;
  /** Told of every finished job, e.g. to rebuild the static site once a document is readable. */
  onDone?: (result: JobResult) => void;
}

export interface JobResult {
  id: number;
  status: number;
}

/** A job whose worker vanished this many times is given up: the file probably kills the converter. */
const MAX_ATTEMPTS = 3;

/** Converts queued documents one at a time; any number of workers (in any process) can share the queue. */
export class ConverterWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly deps: ConvertDeps;
  private readonly opts: WorkerOptions;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private abort: AbortController | null = null;
  private wake: (() => void) | null = null;

  constructor(deps: ConvertDeps, opts: WorkerOptions = {}) {
    this.deps = deps;
    this.opts = opts;
  }

  private log(msg: string): void {
    this.opts.log?.(msg);
  }

  /** Claims and converts one document; null when nothing is waiting. */
  async convertOne(): Promise<JobResult | null> {
    const { db } = this.deps;
    const settings = await readConvertSettings(this.deps.settings);
    const leaseMs = this.opts.leaseMs ?? Math.max(60_000, 2 * settings.timeoutMs);
    const claimed = await claimNext(db, this.id, leaseMs);
    if (!claimed) return null;
    const { doc, previousStatus } = claimed;
    const started = Date.now();
    const abort = (this.abort = new AbortController());
    const renew = setInterval(() => {
      renewLease(db, doc.id, this.id, leaseMs).then(
        (ours) => ours || this.log(`文档 #${doc.id} 的转换租约已被其他进程接管`),
        (err: unknown) => this.log(`续租失败：${String(err)}`),
      );
    }, Math.max(500, Math.floor(leaseMs / 3)));
    try {
      if (previousStatus === Status.converting && doc.convert_attempts > MAX_ATTEMPTS) {
        throw new ConvertError('文档转换多次中断（文件可能过大或导致转换程序崩溃），已停止重试');
      }
      if (previousStatus !== Status.reconvert && (await reuseConvertedPages(this.deps, doc))) {
        return { id: doc.id, status: Status.converted };
      }
      const out = await convertStoredFile(this.deps, doc, settings, abort.signal);
      // false: the lease was lost (another worker took over) and that worker finishes the job
      if (!(await finishConverted(db, doc, this.id, out))) return { id: doc.id, status: Status.converting };
      this.log(`文档 #${doc.id} 转换完成：${out.pages} 页，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
      return { id: doc.id, status: Status.converted };
    } catch (err) {
      if (err instanceof ConvertAborted) {
        await releaseClaim(db, doc.id, this.id, previousStatus);
        return { id: doc.id, status: previousStatus === Status.reconvert ? Status.reconvert : Status.pending };
      }
      const reason = failureReason(err);
      this.log(`文档 #${doc.id} 转换失败：${reason}${err instanceof ConvertError ? '' : `\n${(err as Error)?.stack ?? ''}`}`);
      await failConversion(db, doc.id, this.id, reason);
      return { id: doc.id, status: Status.failed };
    } finally {
      clearInterval(renew);
      this.abort = null;
    }
  }

  /** Runs until stop(): a job right after a job, else a poll every 1–2 s. */
  start(): this {
    if (this.loop) return this;
    this.stopping = false;
    removeOrphanJobDirs().then(
      (n) => n && this.log(`已清理 ${n} 个中断转换留下的临时目录`),
      (err: unknown) => this.log(`清理临时目录失败：${String(err)}`),
    );
    this.loop = (async () => {
      while (!this.stopping) {
        let worked = false;
        try {
          const result = await this.convertOne();
          worked = result !== null;
          if (result) this.opts.onDone?.(result);
        } catch (err) {
          this.log(`转换队列出错：${String(err)}`);
        }
        if (!worked && !this.stopping) await this.pause(this.opts.pollMs ?? 1000 + Math.random() * 1000);
      }
    })();
    return this;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      this.wake = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  /** Graceful stop: a running conversion is killed and its document goes back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.abort?.abort();
    this.wake?.();
    await this.loop;
    this.loop = null;
  }
}

/** The in-process converter of `npm start` (and the loop of `npm run worker`). */
export function startConverter(
  deps: ConvertDeps,
  env: NodeJS.ProcessEnv = process.env,
  onDone?: (result: JobResult) => void,
): ConverterWorker {
  const leaseMs = Number(env.WENKU_CONVERTER_LEASE_MS) || undefined;
  return new ConverterWorker(deps, { leaseMs, onDone, log: (msg) => console.log(`[wenku] ${msg}`) }).start();
}
