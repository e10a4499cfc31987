// the process-wide jieba instance of the search index: the dictionary is loaded once, on first use
import { segmenter } from '../../search/segment.ts';

/** Words of a text as jieba cuts them: trimmed, at least two characters, no pure punctuation or numbers, no repeats. */
export function words(text: string, max = 10): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of segmenter().cut(text, true)) {
    const w = raw.trim();
    if ([...w].length < 2 || !/[\p{L}]/u.test(w) || seen.has(w.toLowerCase())) continue;
    seen.add(w.toLowerCase());
    out.push(w);
    if (out.length >= max) break;
  }
  return out;
}

/** Default keywords of an article: the words of its title joined by ", " (moredoc). */
export const defaultKeywords = (title: string): string => words(title).join(', ');

/** The keywords of a stored comma-separated list, or the words of the title when there are none. */
export function keywordList(keywords: string, title: string): string[] {
  const given = [
    ...new Set(
      keywords
        .split(/[,，;；\s]+/)
        .map((k) => k.trim())
        .filter((k) => [...k].length >= 2),
    ),
  ];
  return (given.length ? given : words(title)).slice(0, 10);
}
