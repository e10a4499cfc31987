import { normalize, segmentQuery } from './segment.ts';

/**
 * What the full-text index stores and what a query asks of it. Chinese and Japanese text (no
 * spaces between words) is indexed as overlapping character pairs (量子纠缠 → 量子 子纠 纠缠, plus
 * the last character of the run alone: 缠), so a query finds any verbatim run of two or more
 * characters however a word segmenter would have cut the text or the query; other scripts are
 * indexed by whole words. The segmenter (jieba) only shapes queries: its words are matched as
 * their own pairs, so 实验报告 also finds 实验的报告, and a run jieba cuts into single characters
 * (华人民 → 华人 民) is matched as the whole run's pairs instead.
 */

/** Longest token kept; longer runs (hashes, base64 blobs) are noise and bloat the index. */
const MAX_TOKEN = 64;
/** Most terms a query requires, and pairs per term (long pasted sentences would be slow). */
const MAX_TERMS = 10;
const MAX_PAIRS = 16;

const HAN = '[[\\p{L}\\p{N}\\p{M}]&&[\\p{scx=Han}\\p{scx=Hira}\\p{scx=Kana}]]';
const OTHER = '[[\\p{L}\\p{N}\\p{M}]--[\\p{scx=Han}\\p{scx=Hira}\\p{scx=Kana}]]';
/** A run of Chinese/Japanese characters (group 1), or a word of any other script. */
const PIECE = new RegExp(`(${HAN}+)|${OTHER}+`, 'gv');

/**
 * The character pairs of a run (by code point, so a rare astral character counts as one);
 * with `last`, the run's last character alone after them.
 */
function pairs(run: string, out: string[], last = false): void {
  let prev = '';
  for (const ch of run) {
    if (prev) out.push(prev + ch);
    prev = ch;
  }
  if (last && prev) out.push(prev);
}

/** The index tokens of a text, in order, repeats included. */
export function indexTokens(text: string): string[] {
  const out: string[] = [];
  if (!text) return out;
  for (const m of normalize(text).matchAll(PIECE)) {
    const piece = m[0];
    if (m[1] === undefined) {
      if (piece.length <= MAX_TOKEN) out.push(piece);
      continue;
    }
    // the last character alone too: every character then starts a token, so a one-character
    // query finds it as a prefix
    pairs(piece, out, true);
  }
  return out;
}

/** Distinct index tokens of a text (a row needs each token once: matching ignores repeats). */
export const distinctTokens = (text: string): string[] => [...new Set(indexTokens(text))];

/**
 * Where a token sits, for ranking: the item row holds every token plain, and the title's and
 * head's (title, keywords, description) tokens once more behind a mark (a private-use
 * character: a letter to the databases' tokenizers, a separator to indexTokens, so no token of
 * a text holds one), and "the title holds every term" is one more match on the same row.
 */
export const TITLE_MARK = '\ue000';
export const HEAD_MARK = '\ue001';

/** The term asking for its grams behind a mark (in the title, or in the head). */
export const markTerm = (mark: string, t: Term): Term => ({ ...t, grams: t.grams.map((g) => mark + g) });

/** One thing an item must hold: every token of `grams`; with `prefix`, a token starting with the one gram. */
export interface Term {
  grams: string[];
  prefix?: boolean;
}

export interface ParsedQuery {
  /** all must match (an item); a page holding any of them is a hit page */
  terms: Term[];
  /** what to highlight in titles and snippets */
  words: string[];
}

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
      if (piece.length <= MAX_TOKEN) add({ grams: [piece] });
      words.push(piece);
      continue;
    }
    words.push(piece);
    if (Array.from(piece).length === 1) {
      add({ grams: [piece], prefix: true });
      continue;
    }
    const parts = segmentQuery(piece);
    if (parts.every((w) => Array.from(w).length >= 2)) {
      // each word anywhere in the item (its pairs); the whole run holds them all
      for (const w of parts) {
        const grams: string[] = [];
        pairs(w, grams);
        add({ grams: grams.slice(0, MAX_PAIRS) });
        words.push(w);
      }
    } else {
      // jieba left single characters: ask for the run as written
      const grams: string[] = [];
      pairs(piece, grams);
      add({ grams: [...new Set(grams)].slice(0, MAX_PAIRS) });
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
        ? a.grams.some((g) => g.startsWith(b.grams[0]!))
        : b.grams.every((g) => a.grams.includes(g));
  return terms.filter((t, i) => !terms.some((o, j) => j !== i && implies(o, t) && (!implies(t, o) || j < i)));
}
