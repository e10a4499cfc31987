/** Text helpers of search results: HTML to text, escaping, highlighting and snippets. */
import { escapeHtml } from '../../domain/html.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Plain text of an HTML fragment (article bodies): scripts and styles dropped, tags to spaces, entities decoded. */
export function htmlToText(html: string): string {
  return (
    html
      .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      // inline elements join their text (<strong>机器</strong>学习); everything else separates
      .replace(
        /<\/?(?:a|abbr|b|bdi|bdo|cite|code|del|dfn|em|font|i|ins|kbd|mark|q|s|samp|small|span|strong|sub|sup|u|var)\b[^>]*>/gi,
        '',
      )
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*|#39);/gi, (m, name: string) => {
        const lower = name.toLowerCase();
        if (lower.startsWith('#x')) return safeChar(Number.parseInt(lower.slice(2), 16), m);
        if (lower.startsWith('#') && lower !== '#39') return safeChar(Number.parseInt(lower.slice(1), 10), m);
        return ENTITIES[lower] ?? m;
      })
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const safeChar = (code: number, fallback: string): string =>
  Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How many words each pattern of wordsPattern was made of: no text holds more different ones. */
const patternWords = new WeakMap<RegExp, number>();

/** A case-insensitive pattern matching any of the words, longest first (so 实验报告 wins over 实验). */
export function wordsPattern(words: readonly string[]): RegExp | null {
  const list = [...new Set(words.filter(Boolean))].sort((a, b) => b.length - a.length).map(escapeRegExp);
  if (!list.length) return null;
  const pattern = new RegExp(list.join('|'), 'giu');
  patternWords.set(pattern, list.length);
  return pattern;
}

/** The most different words of `pattern` a text can hold (distinctHits never says more). */
export const mostHits = (pattern: RegExp | null): number => (pattern ? (patternWords.get(pattern) ?? Infinity) : 0);

/** HTML-escapes the text and wraps every occurrence of the words in `<em>`. */
export function highlight(text: string, pattern: RegExp | null): string {
  if (!pattern) return escapeHtml(text);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const at = m.index ?? 0;
    out += `${escapeHtml(text.slice(last, at))}<em>${escapeHtml(m[0])}</em>`;
    last = at + m[0].length;
  }
  // adjacent words read as one hit: <em>机器学习</em>, not <em>机器</em><em>学习</em>
  return (out + escapeHtml(text.slice(last))).replaceAll('</em><em>', '');
}

/**
 * How many different words occur in the text; it stops reading once it has found all of them
 * (mostHits): a common word occurs hundreds of times in a page, and the first tells enough.
 */
export function distinctHits(text: string, pattern: RegExp | null): number {
  if (!pattern || !text) return 0;
  const most = mostHits(pattern);
  const seen = new Set<string>();
  for (const m of text.matchAll(pattern)) {
    seen.add(m[0].toLowerCase());
    if (seen.size >= most) break;
  }
  return seen.size;
}

/** Code points in `s` between code-unit offsets `from` and `to`. */
function points(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

/**
 * A highlighted excerpt of about `length` characters: the window around the first hit that holds
 * the most different words, cut at whole characters, with an ellipsis where text was cut.
 */
export function snippet(text: string, pattern: RegExp | null, length = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  if (chars.length <= length) return highlight(clean, pattern);
  let start = 0;
  if (pattern) {
    // the first 50 hits: where they start and end (in code points) and which word they are
    const hits: Array<{ at: number; end: number; word: string }> = [];
    let unit = 0;
    let point = 0;
    for (const m of clean.matchAll(pattern)) {
      const index = m.index ?? 0;
      point += points(clean, unit, index);
      unit = index;
      hits.push({ at: point, end: point + points(m[0], 0, m[0].length), word: m[0].toLowerCase() });
      if (hits.length === 50) break;
    }
    let best = -1;
    for (const h of hits) {
      const from = Math.max(0, h.at - Math.floor(length / 4));
      const words = new Set(hits.filter((o) => o.at >= from && o.end <= from + length).map((o) => o.word));
      if (words.size > best) {
        best = words.size;
        start = from;
      }
    }
  }
  start = Math.min(start, Math.max(0, chars.length - length));
  const body = chars.slice(start, start + length).join('');
  return `${start > 0 ? '…' : ''}${highlight(body, pattern)}${start + length < chars.length ? '…' : ''}`;
}
