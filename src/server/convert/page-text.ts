/**
 * The text a page stores: what `mutool draw -F txt` printed, with the page's layout taken out.
 * mutool ends every printed line with a line break and every text block with a blank line; in
 * Chinese a printed line ends wherever the width ran out, so a break between two ideographs is
 * layout, never a word boundary ("机\n器翻译" is 机器翻译). Paragraphs stay apart: blocks are
 * joined by a blank line, which the reader's text mode and the 概览 split on.
 */

const CJK = '\\u2e80-\\u9fff\\uf900-\\ufaff\\ufe30-\\ufe4f\\uff00-\\uffef';
const CJK_END = new RegExp(`[${CJK}]$`);
const CJK_START = new RegExp(`^[${CJK}]`);
/** Punctuation that ends a sentence or a heading: a block ending in it ends its paragraph. */
const PARAGRAPH_END = /[。！？；：…!?;:”」』）)]$/;
// some PDF fonts map ideographs to look-alike Kangxi/supplement radicals (⼦ U+2F26 for 子 U+5B50)
const RADICALS = /[\u2e80-\u2fdf]/g;
/** Blank characters a PDF puts around text: ASCII whitespace, no-break and ideographic spaces. */
const BLANKS = /[\s\u00a0\u3000]+/g;
/** A block's last line at least this share of the page's longest line filled the width. */
const FULL_LINE = 0.85;
/** Pages whose longest line is shorter than this have no reliable line width (lists, tables). */
const MIN_LINE_CHARS = 10;

const length = (s: string): number => [...s].length;

/** Two pieces of one paragraph: nothing between Chinese, a space between anything else. */
const joinPieces = (a: string, b: string): string => (!a ? b : CJK_END.test(a) || CJK_START.test(b) ? a + b : `${a} ${b}`);

/**
 * Whether the blank line after `block` is layout: the block's last line filled the page width and
 * both sides are Chinese mid-sentence (some PDFs print every line as a block of its own).
 */
const wrapsInto = (lastLine: string, next: string, widest: number): boolean =>
  widest >= MIN_LINE_CHARS &&
  length(lastLine) >= widest * FULL_LINE &&
  CJK_END.test(lastLine) &&
  !PARAGRAPH_END.test(lastLine) &&
  CJK_START.test(next);

/**
 * Page text for storage: radicals folded to the ideographs they stand for, blank runs one space,
 * the lines of a paragraph joined (Chinese without a space), paragraphs apart by a blank line.
 */
export function normaliseText(text: string): string {
  const blocks = text
    .replace(RADICALS, (c) => c.normalize('NFKC'))
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u00a0\u3000]*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.replace(BLANKS, ' ').trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);
  const widest = Math.max(0, ...blocks.flat().map(length));
  const paragraphs: string[] = [];
  let lastLine = '';
  for (const lines of blocks) {
    const body = lines.reduce(joinPieces, '');
    if (paragraphs.length && wrapsInto(lastLine, body, widest)) paragraphs[paragraphs.length - 1] += body;
    else paragraphs.push(body);
    lastLine = lines[lines.length - 1]!;
  }
  return paragraphs.join('\n\n');
}
