import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * Chinese word segmentation (jieba) of queries: their words are asked for as character pairs
 * (terms.ts), the way the index stores text (grams.ts). Index and query go through the same
 * normalisation, so they always agree.
 */

let jieba: Jieba | undefined;

/** The one jieba instance of the process (loading the dictionary takes ~150 ms). */
export function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/** Longest word kept; longer runs (hashes, base64 blobs) are noise. */
const MAX_TOKEN = 64;
/** Most words a query may require (long pasted sentences would otherwise be very slow). */
export const MAX_QUERY_WORDS = 10;

// everything but letters, digits and combining marks separates words
const SEPARATORS = /[^\p{L}\p{N}\p{M}]+/u;
const WORD = /^[\p{L}\p{N}\p{M}]+$/u;

/** Full-width forms to ASCII (ＰＤＦ → pdf, ２０２４ → 2024) and lower case. */
export const normalize = (text: string): string => text.normalize('NFKC').toLowerCase();

/**
 * Words of other scripts (café, 한국어, हिन्दी): jieba cuts non-ASCII letters one by one, so runs
 * holding a letter or mark that is neither ASCII nor Chinese/Japanese are kept whole.
 */
const FOREIGN = /[\p{L}\p{N}\p{M}]*[[\p{L}\p{M}]--[\p{ASCII}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]][\p{L}\p{N}\p{M}]*/gv;

/** Search-mode tokens of a text: normalised, punctuation and spaces dropped. */
export function tokenize(text: string): string[] {
  if (!text) return [];
  const out: string[] = [];
  const rest = normalize(text).replace(FOREIGN, (word) => {
    if (word.length <= MAX_TOKEN) out.push(word);
    return ' ';
  });
  for (const raw of segmenter().cutForSearch(rest, true)) {
    if (WORD.test(raw)) {
      if (raw.length <= MAX_TOKEN) out.push(raw);
      continue;
    }
    // punctuation, spaces, and pieces like "c++" or "e-mail": keep only the word characters
    for (const t of raw.split(SEPARATORS)) if (t && t.length <= MAX_TOKEN) out.push(t);
  }
  return out;
}

/** Whether `word` can be written as a concatenation of other words of the set. */
function composable(word: string, parts: ReadonlySet<string>): boolean {
  const ok: boolean[] = [true];
  for (let end = 1; end <= word.length; end++) {
    ok[end] = false;
    for (let start = 0; start < end && !ok[end]; start++) {
      const piece = word.slice(start, end);
      if (ok[start] && piece !== word && parts.has(piece)) ok[end] = true;
    }
  }
  return ok[word.length] === true;
}

/**
 * The words a query requires. Search mode also yields compounds next to their parts
 * (量子纠缠实验报告 → 量子 纠缠 实验 报告 实验报告); a compound that its own parts spell out is
 * dropped, so `实验报告` also finds a text that says `实验的报告`. Duplicates go, order stays.
 */
export function segmentQuery(q: string): string[] {
  const tokens = [...new Set(tokenize(q))];
  const set = new Set(tokens);
  return tokens.filter((t) => t.length < 2 || !composable(t, set)).slice(0, MAX_QUERY_WORDS);
}
