import { itemTokens, type ItemText } from './grams.ts';
import { lexemesBody } from './lexemes.ts';

/**
 * How a backend takes an item's tokens (IndexBackend.tokenForm): space-joined words (SQLite's
 * FTS5 column), or the quoted body of a tsvector literal (PostgreSQL, lexemes.ts).
 */
export type TokenForm = 'words' | 'lexemes';

/** An item's index row in the given form, made on a tokenizing worker or, for small calls, inline. */
export const itemRow = (item: ItemText, form: TokenForm): string =>
  form === 'lexemes' ? lexemesBody(itemTokens(item)) : itemTokens(item).join(' ');

/** One call to a tokenizing worker. */
export interface RowsCall {
  items: ItemText[];
  form: TokenForm;
}
