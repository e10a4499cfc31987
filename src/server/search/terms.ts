import { MAX_TOKEN, pairs, PIECE, wordToken } from './grams.ts';
import { normalize, segmentQuery } from './segment.ts';

/**
 * What a query asks of the index (grams.ts). The segmenter (jieba) only shapes queries: its
 * words are matched as their own pairs, so 实验报告 also finds 实验的报告, and a run jieba cuts
 * into single characters (华人民 → 华人 民) is matched as the whole run's pairs instead. Either
 * way a verbatim run of two or more characters in the text is found.
 */

/** Most terms a query requires, and pairs per term (long pasted sentences would be slow). */
const MAX_TERMS = 10;
const MAX_PAIRS = 16;

/** One thing an item must hold: every token of `grams`; with `prefix`, a token starting with the one gram. */
export interface Term {
  grams: string[];
  prefix?: boolean;
  /** the query text it stands for */
  word: string;
}

export interface ParsedQuery {
  /** all must match (an item); a page holding any of them is a hit page */
  terms: Term[];
  /** what to highlight in titles and snippets */
  words: string[];
}

/** The term asking for its grams behind a mark (in the title, or in the head). */
export const markTerm = (mark: string, t: Term): Term => ({ ...t, grams: t.grams.map((g) => mark + g) });

/** The terms and highlight words of a query string. */
export function parseQuery(q: string): ParsedQuery {
  const terms: Term[] = [];
  const words: string[] = [];
  const add = (t: Term) => {
    if (t.grams.length) terms.push(t);
  };
  for (const m of normalize(q).matchAll(PIECE)) {
    const piece = m[0];
    if (m[1] === undefined) {
      if (piece.length <= MAX_TOKEN) add({ grams: [wordToken(piece)], word: piece });
      words.push(piece);
      continue;
    }
    words.push(piece);
    if (Array.from(piece).length === 1) {
      add({ grams: [piece], prefix: true, word: piece });
      continue;
    }
    const parts = segmentQuery(piece);
    if (parts.every((w) => Array.from(w).length >= 2)) {
      // each word anywhere in the item (its pairs); the whole run holds them all
      for (const w of parts) {
        const grams: string[] = [];
        pairs(w, grams);
        add({ grams: grams.slice(0, MAX_PAIRS), word: w });
        words.push(w);
      }
    } else {
      // jieba left single characters: ask for the run as written
      const grams: string[] = [];
      pairs(piece, grams);
      add({ grams: [...new Set(grams)].slice(0, MAX_PAIRS), word: piece });
    }
  }
  return { terms: essential(terms).slice(0, MAX_TERMS), words: [...new Set(words)] };
}

/** Drops repeated terms and those another term implies (共和 beside 共和 和国). */
function essential(terms: readonly Term[]): Term[] {
  const implies = (a: Term, b: Term) =>
    a.prefix
      ? b.prefix === true && a.grams[0] === b.grams[0]
      : b.prefix
        ? a.grams.some((g) => g.startsWith(b.grams[0]))
        : b.grams.every((g) => a.grams.includes(g));
  return terms.filter((t, i) => !terms.some((o, j) => j !== i && implies(o, t) && (!implies(t, o) || j < i)));
}
