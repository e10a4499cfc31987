import { parentPort, Worker, type Transferable } from 'node:worker_threads';

/** A call into a worker thread, and its answer: the result, or the message of what it threw. */
interface Call<A> {
  id: number;
  args: A;
}
interface Answer<R> {
  id: number;
  result?: R;
  error?: string;
}

/**
 * Calls into one worker thread (which answers them with serveCalls()), each answered once by its
 * id. When the thread dies (a crash, out of memory, or stop()), its open calls fail and `dead` is
 * set: its owner makes a new one, or does the work itself. The thread keeps its process alive
 * while a call is open (a command awaiting only the thread must not exit early), never while idle.
 */
export class WorkerCalls<A, R> {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { done: (result: R) => void; fail: (err: Error) => void }>();
  private nextId = 0;
  dead = false;

  constructor(script: URL) {
    this.worker = new Worker(script);
    this.worker.on('message', ({ id, result, error }: Answer<R>) => {
      const w = this.waiting.get(id);
      this.waiting.delete(id);
      if (!this.waiting.size) this.worker.unref();
      if (error !== undefined) w?.fail(new Error(error));
      else w?.done(result as R);
    });
    this.worker.on('error', (err: Error) => this.die(err));
    this.worker.on('exit', (code) => this.die(new Error(`worker thread exited with code ${code}`)));
    this.worker.unref();
  }

  /** `transfer`: buffers that move to the thread instead of being copied (they are unusable here afterwards). */
  call(args: A, transfer: Transferable[] = []): Promise<R> {
    if (this.dead) return Promise.reject(new Error('worker thread is gone'));
    const id = this.nextId++;
    return new Promise((done, fail) => {
      if (!this.waiting.size) this.worker.ref();
      this.waiting.set(id, { done, fail });
      const call: Call<A> = { id, args };
      this.worker.postMessage(call, transfer);
    });
  }

  stop(): void {
    this.die(new Error('worker thread stopped'));
    void this.worker.terminate();
  }

  private die(err: Error): void {
    this.dead = true;
    for (const w of this.waiting.values()) w.fail(err);
    this.waiting.clear();
    this.worker.unref();
  }
}

/**
 * The thread's side of WorkerCalls: answers each call with what `handle` returns or the message of what
 * it throws. `moved`: buffers of a result that move to the caller instead of being copied.
 */
export function serveCalls<A, R>(handle: (args: A) => R, moved: (result: R) => Transferable[] = () => []): void {
  const port = parentPort!;
  port.on('message', ({ id, args }: Call<A>) => {
    let answer: Answer<R>;
    let transfer: Transferable[] = [];
    try {
      answer = { id, result: handle(args) };
      transfer = moved(answer.result as R);
    } catch (err) {
      answer = { id, error: (err as Error).message };
    }
    port.postMessage(answer, transfer);
  });
}
