import { availableParallelism } from 'node:os';
import { WorkerCalls } from '../threads/worker-calls.ts';
import { itemTokens, type ItemText } from './grams.ts';

/**
 * Index rows of many items (space-joined tokens, grams.ts itemTokens), tokenized by worker
 * threads, so that a large (re)index writes one batch into the database while the next is being
 * tokenized. Small calls, and any call after a worker failed, tokenize on the calling thread.
 * Workers are started when first needed and stopped after a while without work.
 */

const MIN_ITEMS = 50;
const IDLE_MS = 10_000;

let workers: Array<WorkerCalls<ItemText[], string[]>> = [];
let broken = false;
let idle: NodeJS.Timeout | undefined;
let calls = 0;

const inline = (items: readonly ItemText[]): string[] => items.map((item) => itemTokens(item).join(' '));

function stop(): void {
  for (const w of workers) w.stop();
  workers = [];
}

function start(): Array<WorkerCalls<ItemText[], string[]>> {
  if (!workers.length) {
    // the main thread keeps writing to the database: leave it a core
    const n = Math.max(1, Math.min(3, availableParallelism() - 1));
    workers = Array.from(
      { length: n },
      () => new WorkerCalls<ItemText[], string[]>(new URL('./tokenize.worker.ts', import.meta.url)),
    );
  }
  return workers;
}

/** The index row of each item, in order. */
export async function itemRows(items: readonly ItemText[]): Promise<string[]> {
  if (items.length < MIN_ITEMS || broken) return inline(items);
  clearTimeout(idle);
  calls++;
  try {
    const pool = start();
    const per = Math.ceil(items.length / pool.length);
    const parts = await Promise.all(pool.map((w, i) => w.call(items.slice(i * per, (i + 1) * per))));
    return parts.flat();
  } catch {
    // a thread failed: this call and all later ones tokenize here
    broken = true;
    stop();
    return inline(items);
  } finally {
    // stopped only once no call is under way
    if (--calls === 0) {
      idle = setTimeout(stop, IDLE_MS);
      idle.unref();
    }
  }
}
