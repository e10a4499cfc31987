import { isUtf8 } from 'node:buffer';
import { SaxesParser } from 'saxes';

// MuPDF writes each glyph's text into a `data-text` attribute and escapes `&` and `"` there, but not
// `<` (not allowed in an attribute value) nor characters XML forbids (`&#xffff;`, control characters).
// One such attribute makes the whole page malformed, and browsers show an <img> of it as broken.
const DATA_TEXT_LT_GT = /\bdata-text="([^"<>]*[<>][^"]*)"/g;

// XML 1.0 Char: tab, line feed, carriage return, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF
// (lone surrogates are left to String#toWellFormed)
const FORBIDDEN_RAW = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const CHAR_REF = /&#(?:x([0-9a-fA-F]+)|([0-9]+));/g;

const allowedCodePoint = (c: number): boolean =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);

/**
 * The page as MuPDF meant it, well-formed: `<` and `>` escaped in `data-text` (as moredoc does,
 * contract §6.3 step 6), characters XML forbids (raw or as references) dropped. Returns the input
 * itself when nothing needed a change.
 */
export function repairSvg(svg: string): string {
  let out = svg.toWellFormed().replace(FORBIDDEN_RAW, '');
  out = out.replace(CHAR_REF, (ref, hex: string | undefined, dec: string | undefined) =>
    allowedCodePoint(hex ? Number.parseInt(hex, 16) : Number(dec)) ? ref : '',
  );
  out = out.replace(
    DATA_TEXT_LT_GT,
    (_, value: string) => `data-text="${value.replaceAll('<', '&lt;').replaceAll('>', '&gt;')}"`,
  );
  return out === svg ? svg : out;
}

/**
 * Why the text is not a well-formed SVG document (a strict XML 1.0 parser's first complaint, or a root
 * element other than `<svg>`), or null when it is one. Pages are parsed without tracking positions
 * (a quarter to a third less parse time on 100 of MuPDF's pages); only a malformed one is parsed
 * again for the line and column its reason shows.
 */
export function svgProblem(svg: string): string | null {
  const problem = firstProblem(svg, false);
  return problem && firstProblem(svg, true);
}

function firstProblem(svg: string, position: boolean): string | null {
  const parser = new SaxesParser({ position });
  let problem: string | null = null;
  let root: string | null = null;
  parser.on('error', (err) => {
    problem ??= err.message;
  });
  parser.on('opentagstart', (tag) => {
    root ??= tag.name;
  });
  try {
    parser.write(svg).close();
  } catch (err) {
    problem ??= (err as Error).message;
  }
  if (!problem && root !== 'svg') problem = `根元素为 <${root ?? ''}>，不是 <svg>`;
  return problem;
}

/** A rendered page, repaired where MuPDF left it malformed; throws the reason when it still is not well-formed. */
export function wellFormedSvg(svg: string): { svg: string; changed: boolean } {
  const fixed = repairSvg(svg);
  const problem = svgProblem(fixed);
  if (problem) throw new MalformedPage(problem);
  return { svg: fixed, changed: fixed !== svg };
}

/** A rendered page, checked: the bytes to store (null: store it as written) or why it cannot be shown. */
export type PageBytesCheck = { ok: true; repaired: Uint8Array | null } | { ok: false; problem: string };

/**
 * wellFormedSvg of a page as MuPDF wrote it (UTF-8 bytes; bytes that are no UTF-8 are decoded to
 * U+FFFD and the page stored so).
 */
export function checkPageBytes(page: Uint8Array): PageBytesCheck {
  try {
    const { svg, changed } = wellFormedSvg(Buffer.from(page.buffer, page.byteOffset, page.byteLength).toString('utf8'));
    return { ok: true, repaired: changed || !isUtf8(page) ? Buffer.from(svg) : null };
  } catch (err) {
    if (err instanceof MalformedPage) return { ok: false, problem: err.message };
    throw err;
  }
}

/**
 * A page file as `mutool draw` wrote it, checked (checkPageBytes), or `problem: null` when the file
 * is missing or empty; with `keep`, the bytes as written come back too when no repair replaced them.
 */
export type PageFileCheck =
  { ok: true; repaired: Uint8Array | null; written: Uint8Array | null } | { ok: false; problem: string | null };

export function checkReadPage(page: Uint8Array | null, keep: boolean): PageFileCheck {
  if (!page?.length) return { ok: false, problem: null };
  const check = checkPageBytes(page);
  if (!check.ok) return check;
  return { ...check, written: keep && !check.repaired ? page : null };
}

/** A page that is no well-formed SVG even after repairSvg; `message` is the XML parser's reason. */
export class MalformedPage extends Error {
  override name = 'MalformedPage';
}

/** A document's failure reason for a page that cannot be shown (the parser's reason follows in brackets). */
export const malformedPageReason = (n: number): string => `第 ${n} 页生成的 SVG 不是有效的 XML，浏览器无法显示`;
