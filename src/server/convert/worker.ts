import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { processEnv } from '../config.ts';
import type { Database } from '../db/db.ts';
import type { Log } from '../log.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { QUICK_LANE_BYTES } from './bounds.ts';
import { ConvertAborted, ConvertError, ConvertRefused, failureReason, isPassingTrouble } from './errors.ts';
import { removeOrphanJobDirs } from './job-dir.ts';
import { recogniseTurn, type OcrTurn } from './ocr-queue.ts';
import { convertStoredFile, readConvertSettings, type ConvertDeps } from './pipeline.ts';
import { finishConverted } from './finish.ts';
import { MAX_ATTEMPTS, Status, claimNext, failConversion, releaseClaim, renewLease } from './queue.ts';
import { INTERRUPTED_TOO_OFTEN, recoverDeadWorkersJobs } from './recover.ts';
import { reuseConvertedPages } from './reuse.ts';
import { converterConcurrency } from './sandbox.ts';
import { converterWarnings } from './tool-checks.ts';

export interface WorkerOptions {
  /** Lease length; default twice the conversion timeout, at least a minute. */
  leaseMs?: number;
  /** Pause between polls of an empty queue; default 1–2 s. */
  pollMs?: number;
  /** Conversions at once (each its own LibreOffice profile and job folder); default 1. */
  concurrency?: number;
  /**
   * One more slot that takes only files of at most QUICK_LANE_BYTES, so that a large document
   * never holds back the small ones queued after it; default true.
   */
  quickLane?: boolean;
  /** `fields`: the document's id and the id of the request that uploaded it, for the JSON log line */
  log?: (msg: string, fields?: Record<string, unknown>) => void;
  /** counts and times each conversion by format (wenku_conversions_total, the dashboard's figures) */
  metrics?: Pick<Metrics, 'observeConversion'>;
  /** Told of every finished job, e.g. to rebuild the static site once a document is readable. */
  onDone?: (result: JobResult) => void;
}

export interface JobResult {
  id: number;
  status: number;
  /** the request that uploaded the document (its render log line carries it) */
  reqId?: string;
}

/** Converts queued documents, `concurrency` at a time; any number of workers (in any process) can share the queue. */
export class ConverterWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly deps: ConvertDeps;
  private readonly opts: WorkerOptions;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private readonly running = new Set<AbortController>();
  private readonly wakers = new Set<() => void>();

  constructor(deps: ConvertDeps, opts: WorkerOptions = {}) {
    this.deps = deps;
    this.opts = opts;
  }

  private log(msg: string, fields?: Record<string, unknown>): void {
    this.opts.log?.(msg, fields);
  }

  /** Claims and converts one document (of at most `maxSize` bytes when given); null when nothing is waiting. */
  async convertOne(maxSize?: number): Promise<JobResult | null> {
    const { db } = this.deps;
    const settings = await readConvertSettings(this.deps.settings);
    const leaseMs = this.opts.leaseMs ?? Math.max(60_000, 2 * settings.timeoutMs);
    const claimed = await claimNext(db, this.id, leaseMs, maxSize);
    if (!claimed) return null;
    const { doc, previousStatus } = claimed;
    const started = Date.now();
    const reqId = await uploadRequestOf(db, doc.id);
    const withReq = reqId ? { reqId } : {};
    const fields = { doc: doc.id, ...withReq };
    const seconds = () => (Date.now() - started) / 1000;
    const abort = new AbortController();
    this.running.add(abort);
    const renew = setInterval(
      () => {
        renewLease(db, doc.id, this.id, leaseMs).then(
          (ours) => ours || this.log(`文档 #${doc.id} 的转换租约已被其他进程接管`, fields),
          (err: unknown) => this.log(`续租失败：${String(err)}`),
        );
      },
      Math.max(500, Math.floor(leaseMs / 3)),
    );
    try {
      if (previousStatus === Status.Converting && doc.convert_attempts > MAX_ATTEMPTS)
        throw new ConvertRefused(INTERRUPTED_TOO_OFTEN);
      if (previousStatus !== Status.Reconvert && (await reuseConvertedPages(this.deps, doc))) {
        this.log(`文档 #${doc.id} 与已转换的同一文件相同，沿用其页面`, fields);
        return { id: doc.id, status: Status.Converted, ...withReq };
      }
      this.log(`文档 #${doc.id} 开始转换（${doc.ext}）`, fields);
      const out = await convertStoredFile(this.deps, doc, settings, abort.signal);
      // false: the lease was lost (another worker took over) and that worker finishes the job
      if (!(await finishConverted(db, doc, this.id, out))) return { id: doc.id, status: Status.Converting };
      this.opts.metrics?.observeConversion(doc.ext, true, seconds());
      this.log(`文档 #${doc.id} 转换完成：${out.pages} 页，用时 ${seconds().toFixed(1)} 秒`, fields);
      return { id: doc.id, status: Status.Converted, ...withReq };
    } catch (err) {
      if (err instanceof ConvertAborted || isPassingTrouble(err)) {
        if (!(err instanceof ConvertAborted)) this.log(`文档 #${doc.id} 转换暂停，稍后重试：${String(err)}`);
        await releaseClaim(db, doc.id, this.id, previousStatus);
        return { id: doc.id, status: previousStatus === Status.Reconvert ? Status.Reconvert : Status.Pending };
      }
      const reason = failureReason(err);
      this.log(
        `文档 #${doc.id} 转换失败：${reason}${err instanceof ConvertError ? '' : `\n${(err as Error)?.stack ?? ''}`}`,
        fields,
      );
      await failConversion(db, doc.id, this.id, reason, err instanceof ConvertRefused);
      this.opts.metrics?.observeConversion(doc.ext, false, seconds());
      return { id: doc.id, status: Status.Failed, ...withReq };
    } finally {
      clearInterval(renew);
      this.running.delete(abort);
    }
  }

  /**
   * One turn of text recognition (ocr-queue.ts: a few scanned pages of one file); null when none is
   * waiting or Tesseract is not installed. Stopping the worker ends it, the pages keep waiting.
   */
  async recogniseOne(): Promise<OcrTurn | null> {
    const settings = await readConvertSettings(this.deps.settings);
    const abort = new AbortController();
    this.running.add(abort);
    try {
      const turn = await recogniseTurn(this.deps, this.id, settings.timeoutMs, abort.signal);
      if (turn) {
        const failed = turn.pages.filter((p) => 'error' in p).length;
        this.log(`文字识别：第 ${turn.pages.map((p) => p.page).join('、')} 页${failed ? `（${failed} 页失败）` : ''}`);
        for (const id of turn.documents) this.opts.onDone?.({ id, status: Status.Converted });
      }
      return turn;
    } catch (err) {
      if (err instanceof ConvertAborted) return null;
      throw err;
    } finally {
      this.running.delete(abort);
    }
  }

  /** A general slot's work: the next conversion, else (lowest priority) a turn of text recognition. */
  private async workOne(): Promise<boolean> {
    const result = await this.convertOne();
    if (result) this.opts.onDone?.(result);
    return result !== null || (await this.recogniseOne()) !== null;
  }

  /** A quick-lane slot's work: the next small file. */
  private async quickOne(): Promise<boolean> {
    const result = await this.convertOne(QUICK_LANE_BYTES);
    if (result) this.opts.onDone?.(result);
    return result !== null;
  }

  /**
   * Runs until stop(): first gives back the jobs of this machine's dead converters, then `concurrency`
   * loops each take a job right after a job (else a turn of text recognition), else poll every 1–2 s;
   * and the quick lane's loop takes only small files.
   */
  start(): this {
    if (this.loop) return this;
    this.stopping = false;
    removeOrphanJobDirs().then(
      (n) => n && this.log(`已清理 ${n} 个中断转换留下的临时目录`),
      (err: unknown) => this.log(`清理临时目录失败：${String(err)}`),
    );
    const slot = async (work: () => Promise<boolean>) => {
      while (!this.stopping) {
        let worked = false;
        try {
          worked = await work();
        } catch (err) {
          this.log(`转换队列出错：${String(err)}`);
        }
        if (!worked && !this.stopping) await this.pause(this.opts.pollMs ?? 1000 + Math.random() * 1000);
      }
    };
    this.loop = (async () => {
      try {
        const n = await recoverDeadWorkersJobs(this.deps.db);
        if (n) this.log(`已收回 ${n} 个中断的转换任务（转换进程曾意外退出）`);
      } catch (err) {
        this.log(`收回中断的转换任务失败：${String(err)}`);
      }
      const general = Array.from({ length: Math.max(1, this.opts.concurrency ?? 1) }, () => slot(() => this.workOne()));
      const quick = this.opts.quickLane === false ? [] : [slot(() => this.quickOne())];
      await Promise.all([...general, ...quick]);
    })();
    return this;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  /**
   * Graceful stop: no new job is taken; running conversions may finish within `graceMs`, then the
   * rest are killed and their documents go back to the queue.
   */
  async stop(graceMs = 0): Promise<void> {
    this.stopping = true;
    for (const wake of [...this.wakers]) wake();
    if (graceMs > 0 && this.loop) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.loop, new Promise((r) => (timer = setTimeout(r, graceMs)))]);
      clearTimeout(timer);
    }
    for (const abort of this.running) abort.abort();
    await this.loop;
    this.loop = null;
  }
}

/** Logs what is weaker than intended on this machine, loudly: an operator must see it. */
async function warnAboutSandbox(log: (msg: string) => void): Promise<void> {
  const warnings = await converterWarnings();
  if (!warnings.length) return;
  const line = '!'.repeat(60);
  log(`${line}\n文档转换安全警告：\n${warnings.map((w) => `- ${w}`).join('\n')}\n（详见管理后台“环境依赖”）\n${line}`);
}

/** The in-process converter of `npm start` (and the loop of `npm run worker`). */
export function startConverter(
  deps: ConvertDeps,
  env: NodeJS.ProcessEnv = processEnv(),
  onDone?: (result: JobResult) => void,
  out: { log?: Log; metrics?: Metrics } = {},
): ConverterWorker {
  const json = out.log;
  const log = (msg: string, fields?: Record<string, unknown>) =>
    json ? json.info(fields ?? {}, msg) : console.log(`[wenku] ${msg}`);
  const leaseMs = Number(env.WENKU_CONVERTER_LEASE_MS) || undefined;
  const concurrency = converterConcurrency(env);
  void warnAboutSandbox(log);
  log(`文档转换并发数：${concurrency}（WENKU_CONVERT_CONCURRENCY），另有 1 个只转换小文件的通道`);
  return new ConverterWorker(deps, { leaseMs, concurrency, onDone, log, metrics: out.metrics }).start();
}

/** The id of the request that uploaded a document ('' when unknown: imported, or uploaded before 025). */
async function uploadRequestOf(db: Database, id: number): Promise<string> {
  const row = await db.selectFrom('document_requests').select('request_id').where('document_id', '=', id).executeTakeFirst();
  return row?.request_id ?? '';
}
