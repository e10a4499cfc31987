import { Worker } from 'node:worker_threads';

export interface WriteJob {
  id: number;
  file: string;
  data: Uint8Array;
}
export interface WriteDone {
  id: number;
  error?: string;
}

/**
 * Writes rendered pages (and their brotli and gzip copies) on a thread of their own, so the render
 * thread only renders: compressing a page costs about as much as rendering it, and on the render
 * thread the two took turns. One thread: the API server the pages read from needs the other core.
 */
export class PageWriter {
  private readonly worker = new Worker(new URL('./page-writer.worker.ts', import.meta.url));
  private readonly waiting = new Map<number, { done: () => void; fail: (err: Error) => void }>();
  private nextId = 0;
  /** Set once the thread has died (a crash, or out of memory): its writes are failed, and the next render makes a new writer. */
  dead = false;

  constructor() {
    this.worker.on('message', ({ id, error }: WriteDone) => {
      const w = this.waiting.get(id);
      this.waiting.delete(id);
      if (error) w?.fail(new Error(error));
      else w?.done();
    });
    this.worker.on('error', (err: Error) => this.die(err));
    this.worker.on('exit', (code) => this.die(new Error(`page writer exited with code ${code}`)));
    // the renderer process lives on its IPC channel; the writer never keeps it alive
    this.worker.unref();
  }

  private die(err: Error) {
    this.dead = true;
    for (const w of this.waiting.values()) w.fail(err);
    this.waiting.clear();
  }

  /** Resolves when the page and its copies are in place (each written beside its target and renamed over it). */
  write(file: string, data: Uint8Array): Promise<void> {
    if (this.dead) return Promise.reject(new Error('page writer is gone'));
    const id = this.nextId++;
    return new Promise((done, fail) => {
      this.waiting.set(id, { done, fail });
      const job: WriteJob = { id, file, data };
      // the bytes move to the writer instead of being copied when they own their buffer
      const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
      this.worker.postMessage(job, whole ? [data.buffer as ArrayBuffer] : []);
    });
  }
}
