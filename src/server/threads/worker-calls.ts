import { setFlagsFromString } from 'node:v8';
import { isMainThread, parentPort, Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

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

/** The semi-space size `npm start` gives the process (package.json `--max-semi-space-size`), MB, or undefined. */
const semiSpaceMb = Number(process.execArgv.find((a) => a.startsWith('--max-semi-space-size='))?.split('=')[1]) || undefined;

// V8 sizes every isolate of the process by that flag, over a Worker's resourceLimits: a thread
// that mostly holds a file open took a 32 MB young generation as the main thread does. Once the
// main thread's heap is made the flag has done its part, and each thread is sized by its limits,
// the flag's size unless it asks for less (threadLimits). Measured: docs/performance.md.
if (semiSpaceMb && isMainThread) setFlagsFromString('--max-semi-space-size=0');

/**
 * A thread's heap limits (every Worker of the server is given them): its young generation
 * `youngMb`, else what the flag gives the main thread (three semi-spaces: 48 MB for the flag's 16
 * gave the same 32 MB new space, Node 24).
 */
export function threadLimits(youngMb?: number): ResourceLimits {
  const young = youngMb ?? (semiSpaceMb && semiSpaceMb * 3);
  return young ? { maxYoungGenerationSizeMb: young } : {};
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

  /** `youngMb`: the thread's young generation, for a thread that allocates little at a time. */
  constructor(script: URL, youngMb?: number) {
    this.worker = new Worker(script, { resourceLimits: threadLimits(youngMb) });
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

  /** Stops the thread; settles once it has ended (its memory given back). */
  async stop(): Promise<void> {
    this.die(new Error('worker thread stopped'));
    await this.worker.terminate();
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
