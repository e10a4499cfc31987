import { BUCKET_MARK } from './marks.ts';

// The words of PostgreSQL's tsvector text as a local copy of the index keeps them (local-copy-file.ts).

/** An id-range token (no quote inside) with the space after it. */
const RANGE_TOKEN = new RegExp(`'${BUCKET_MARK}[^']*'( |$)`, 'g');
/** The quote before the first word and after the last. */
const EDGE_QUOTES = /^'|'\s*$/g;

/** The words of a tsvector's text (`'a' 'b'`), without the id-range tokens (newest.postgres.ts), space-joined. */
export function tsvectorWords(text: string): string {
  if (!text.includes("''") && !text.includes('\\')) {
    // string operations over the whole text, not an array of its words: half the time (a whole
    // copy's thread spent a sixth of its 60 s here at 100,000 documents)
    return text.replace(RANGE_TOKEN, '').replaceAll("' '", ' ').replace(EDGE_QUOTES, '');
  }
  const words: string[] = [];
  // quoted with '' for a quote and a backslash before a backslash
  for (let i = text.indexOf("'"); i >= 0 && i < text.length;) {
    let word = '';
    let j = i + 1;
    for (; j < text.length; j++) {
      const c = text[j];
      if (c === '\\') word += text[++j] ?? '';
      else if (c === "'" && text[j + 1] === "'") word += text[j++];
      else if (c === "'") break;
      else word += c;
    }
    if (word && !word.startsWith(BUCKET_MARK)) words.push(word);
    i = text.indexOf("'", j + 1);
  }
  return words.join(' ');
}
