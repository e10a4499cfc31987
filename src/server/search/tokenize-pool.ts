import { availableParallelism } from 'node:os';
import { WorkerCalls } from '../threads/worker-calls.ts';
import type { ItemText } from './grams.ts';
import { itemRow, type RowsCall, type TokenForm } from './item-row.ts';

/**
 * Index rows of many items (their tokens in the backend's form, item-row.ts), tokenized by worker
 * threads, so that a large (re)index writes one batch into the database while the next is being
 * tokenized. Small calls, and any call after a worker failed, tokenize on the calling thread.
 * Workers are started when first needed and stopped after a while without work.
 */

const MIN_ITEMS = 50;
const IDLE_MS = 10_000;

let workers: Array<WorkerCalls<RowsCall, string[]>> = [];
let broken = false;
let idle: NodeJS.Timeout | undefined;
let calls = 0;

const inline = (items: readonly ItemText[], form: TokenForm): string[] => items.map((item) => itemRow(item, form));

function stop(): void {
  for (const w of workers) void w.stop();
  workers = [];
}

function start(): Array<WorkerCalls<RowsCall, string[]>> {
  if (!workers.length) {
    // the main thread keeps writing to the database: leave it a core
    const n = Math.max(1, Math.min(3, availableParallelism() - 1));
    workers = Array.from(
      { length: n },
      () => new WorkerCalls<RowsCall, string[]>(new URL('./tokenize.worker.ts', import.meta.url)),
    );
  }
  return workers;
}

/** The index row of each item, in order. */
export async function itemRows(items: readonly ItemText[], form: TokenForm): Promise<string[]> {
  if (items.length < MIN_ITEMS || broken) return inline(items, form);
  clearTimeout(idle);
  calls++;
  try {
    const pool = start();
    const per = Math.ceil(items.length / pool.length);
    const parts = await Promise.all(pool.map((w, i) => w.call({ items: items.slice(i * per, (i + 1) * per), form })));
    return parts.flat();
  } catch {
    // a thread failed: this call and all later ones tokenize here
    broken = true;
    stop();
    return inline(items, form);
  } finally {
    // stopped only once no call is under way
    if (--calls === 0) {
      idle = setTimeout(stop, IDLE_MS);
      idle.unref();
    }
  }
}
