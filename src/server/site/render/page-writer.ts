import { WorkerCalls } from '../../threads/worker-calls.ts';

export interface WriteJob {
  file: string;
  data: Uint8Array;
}

/**
 * Writes rendered pages (and their brotli and gzip copies) on a thread of their own, so the render
 * thread only renders: compressing a page costs about as much as rendering it, and on the render
 * thread the two took turns. One thread: the API server the pages read from needs the other core.
 */
export class PageWriter {
  private readonly thread = new WorkerCalls<WriteJob, void>(new URL('./page-writer.worker.ts', import.meta.url));

  /** Set once the thread has died (a crash, or out of memory): its writes are failed, and the next render makes a new writer. */
  get dead(): boolean {
    return this.thread.dead;
  }

  /** Resolves when the page and its copies are in place (each written beside its target and renamed over it). */
  write(file: string, data: Uint8Array): Promise<void> {
    // the bytes move to the writer instead of being copied when they own their buffer
    const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
    return this.thread.call({ file, data }, whole ? [data.buffer as ArrayBuffer] : []);
  }
}
