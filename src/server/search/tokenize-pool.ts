import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { itemTokens, type ItemText } from './grams.ts';

/**
 * Index rows of many items (space-joined tokens, grams.ts itemTokens), tokenized by worker
 * threads, so that a large (re)index writes one batch into the database while the next is being
 * tokenized. Small calls, and any call after a worker failed, tokenize on the calling thread.
 * Workers are started when first needed and stopped after a while without work.
 */

const MIN_ITEMS = 50;
const IDLE_MS = 10_000;

interface Pending {
  resolve: (rows: string[]) => void;
  reject: (err: Error) => void;
}

let workers: Worker[] = [];
let broken = false;
let seq = 0;
let idle: NodeJS.Timeout | undefined;
const pending = new Map<number, Pending>();

const inline = (items: readonly ItemText[]): string[] => items.map((item) => itemTokens(item).join(' '));

function stop(): void {
  for (const w of workers) void w.terminate();
  workers = [];
}

function fail(err: Error): void {
  broken = true;
  for (const p of pending.values()) p.reject(err);
  pending.clear();
  stop();
}

function start(): Worker[] {
  if (!workers.length) {
    // the main thread keeps writing to the database: leave it a core
    const n = Math.max(1, Math.min(3, availableParallelism() - 1));
    workers = Array.from({ length: n }, () => {
      const w = new Worker(new URL('./tokenize.worker.ts', import.meta.url));
      w.unref();
      w.on('message', (m: { id: number; rows?: string[]; error?: string }) => {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (m.rows) p?.resolve(m.rows);
        else p?.reject(new Error(m.error ?? 'tokenize worker failed'));
      });
      w.on('error', fail);
      w.on('exit', (code) => code !== 0 && workers.includes(w) && fail(new Error(`tokenize worker exited with ${code}`)));
      return w;
    });
  }
  clearTimeout(idle);
  idle = setTimeout(stop, IDLE_MS);
  idle.unref();
  return workers;
}

function onWorker(w: Worker, items: ItemText[]): Promise<string[]> {
  const id = ++seq;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, items });
  });
}

/** The index row of each item, in order. */
export async function itemRows(items: readonly ItemText[]): Promise<string[]> {
  if (items.length < MIN_ITEMS || broken) return inline(items);
  try {
    const pool = start();
    const per = Math.ceil(items.length / pool.length);
    const parts = await Promise.all(pool.map((w, i) => onWorker(w, items.slice(i * per, (i + 1) * per))));
    return parts.flat();
  } catch {
    return inline(items);
  }
}
