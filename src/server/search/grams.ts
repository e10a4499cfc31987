import { normalize } from './segment.ts';
import { KEYWORD_MARK, TITLE_MARK } from './marks.ts';
import { TokenSet } from './token-set.ts';

/**
 * What the full-text index stores and what a query asks of it. Chinese and Japanese text (no
 * spaces between words) is indexed as overlapping character pairs (量子纠缠 → 量子 子纠 纠缠, plus
 * the last character of the run alone: 缠), so a query finds any verbatim run of two or more
 * characters however a word segmenter would have cut the text or the query; other scripts are
 * indexed by whole words. The segmenter (jieba) only shapes queries (terms.ts).
 */

/** Longest token kept; longer runs (hashes, base64 blobs) are noise and bloat the index. */
export const MAX_TOKEN = 64;

const HAN = '[[\\p{L}\\p{N}\\p{M}]&&[\\p{scx=Han}\\p{scx=Hira}\\p{scx=Kana}]]';
const OTHER = '[[\\p{L}\\p{N}\\p{M}]--[\\p{scx=Han}\\p{scx=Hira}\\p{scx=Kana}]]';
/** A run of Chinese/Japanese characters (group 1), or a word of any other script. */
export const PIECE = new RegExp(`(${HAN}+)|${OTHER}+`, 'gv');

const ACCENTED_LATIN = /^[\p{Script=Latin}\p{N}\p{M}]*[^\p{ASCII}][\p{Script=Latin}\p{N}\p{M}]*$/u;

/** A word of another script as a token: Latin letters lose their accents (café → cafe), as readers type them. */
export const wordToken = (word: string): string =>
  ACCENTED_LATIN.test(word) ? word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC') : word;

/**
 * The character pairs of a run (by code point, so a rare astral character counts as one);
 * with `last`, the run's last character alone after them.
 */
export function pairs(run: string, out: string[], last = false): void {
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
      if (piece.length <= MAX_TOKEN) out.push(wordToken(piece));
      continue;
    }
    // the last character alone too: every character then starts a token, so a one-character
    // query finds it as a prefix
    pairs(piece, out, true);
  }
  return out;
}

const SURROGATE = /[\ud800-\udfff]/;

/** Adds the tokens of a text to the set (what indexTokens gives, without an array of repeats). */
function collect(text: string, set: TokenSet): void {
  if (!text) return;
  for (const m of normalize(text).matchAll(PIECE)) {
    const piece = m[0];
    if (m[1] === undefined) {
      if (piece.length <= MAX_TOKEN) set.add(wordToken(piece));
    } else if (SURROGATE.test(piece)) {
      const out: string[] = [];
      pairs(piece, out, true);
      for (const t of out) set.add(t);
    } else {
      // the common case: BMP characters, one code unit each
      for (let i = 0; i + 1 < piece.length; i++) set.addPair(piece.charCodeAt(i), piece.charCodeAt(i + 1));
      set.addPair(0, piece.charCodeAt(piece.length - 1));
    }
  }
}

/** The texts of an item to index. */
export interface ItemText {
  title: string;
  keywords: string;
  /** description, pages, article body */
  texts: string[];
}

/** What an item's row holds: every token of its texts once, its title's and keywords' once more behind their marks. */
export function itemTokens(item: ItemText): string[] {
  const set = new TokenSet();
  collect(item.title, set);
  collect(item.keywords, set);
  for (const text of item.texts) collect(text, set);
  for (const t of indexTokens(item.title)) {
    set.add(TITLE_MARK + t);
    set.add(KEYWORD_MARK + t);
  }
  for (const t of indexTokens(item.keywords)) set.add(KEYWORD_MARK + t);
  return set.tokens();
}
