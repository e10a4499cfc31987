import { serveCalls } from '../threads/worker-calls.ts';
import { itemRow, type RowsCall } from './item-row.ts';

/** Tokenizes items for the index off the main thread (tokenize-pool.ts): each item's row in the form asked. */
serveCalls(({ items, form }: RowsCall) => items.map((item) => itemRow(item, form)));
