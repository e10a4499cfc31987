import { serveCalls } from '../threads/worker-calls.ts';
import { itemTokens, type ItemText } from './grams.ts';

/** Tokenizes items for the index off the main thread (tokenize-pool.ts): each item's row as one space-joined string. */
serveCalls((items: ItemText[]) => items.map((item) => itemTokens(item).join(' ')));
