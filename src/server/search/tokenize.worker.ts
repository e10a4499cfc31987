import { parentPort } from 'node:worker_threads';
import { itemTokens, type ItemText } from './grams.ts';

/** Tokenizes items for the index off the main thread (tokenize-pool.ts): each item's row as one space-joined string. */
parentPort!.on('message', (m: { id: number; items: ItemText[] }) => {
  try {
    parentPort!.postMessage({ id: m.id, rows: m.items.map((item) => itemTokens(item).join(' ')) });
  } catch (err) {
    parentPort!.postMessage({ id: m.id, error: (err as Error).message });
  }
});
