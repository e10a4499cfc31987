import { noNul } from './backend.ts';

/**
 * An item's tokens as the body of a PostgreSQL tsvector literal (`'word' 'other'`), without
 * positions (search_items keeps none). Made on the tokenizing workers (tokenize-pool.ts): built on
 * the main thread from the space-joined row, the quoting took 8 s of a 100,000-document rebuild's
 * 42 s of writing, with the database waiting for each batch meanwhile.
 */

/** A tsvector holds at most 1 MB; the item's id-range tokens (a few dozen bytes) are added after. */
const MAX_BYTES = 900_000;

const escape = (token: string): string => token.replace(/[\\']/g, (c) => (c === "'" ? "''" : '\\\\'));

/** One token quoted for a tsvector literal. */
export const quoteLexeme = (token: string): string => `'${escape(token)}'`;

/**
 * The quoted tokens, space-separated, within PostgreSQL's size limit by keeping those met first.
 * An empty token ('') is a syntax error in a tsvector and is left out, as are NUL characters.
 */
export function lexemesBody(tokens: readonly string[]): string {
  let list = tokens.map((t) => noNul(t)).filter(Boolean);
  if (list.some((t) => t.includes("'") || t.includes('\\'))) list = list.map(escape);
  for (;;) {
    const body = list.length ? `'${list.join("' '")}'` : '';
    if (body.length < MAX_BYTES / 3 || Buffer.byteLength(body) < MAX_BYTES) return body;
    list = list.slice(0, list.length >> 1);
  }
}

/** The whole literal: a body (lexemesBody) and tokens every item keeps (its id ranges). */
export function lexemesLiteral(body: string, kept: readonly string[] = []): string {
  const tail = kept.map(quoteLexeme).join(' ');
  return body && tail ? `${body} ${tail}` : body || tail;
}
