import { setImmediate as nextTurn } from 'node:timers/promises';

/** `items` in parts of at most `size`: one statement each, within the bound-parameter and IN-list sizes a database takes. */
export const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * Runs `deleteSome(batch)` (one statement deleting at most `batch` rows; it returns how many) until it
 * deletes fewer, with a turn of the event loop between. On SQLite every statement runs on the server's
 * only thread: one statement deleting 60,000 rows held it for 0.3 s. Returns the total.
 */
export async function deleteInBatches(batch: number, deleteSome: (batch: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteSome(batch);
    total += deleted;
    if (deleted < batch) return total;
    await nextTurn();
  }
}
