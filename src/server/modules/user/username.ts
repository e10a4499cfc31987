import { foldUsername } from '../../../contract/username.ts';

/**
 * Letters of other scripts (and digits) that look like a Latin letter, after folding. Drawn from
 * Unicode's confusables (UTS #39) for Cyrillic and Greek; a letter whose capital is the look-alike
 * (Cyrillic в → B, Greek η → H) maps by its capital, since a name is shown as typed.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ү: 'y',
  ѵ: 'v',
  ь: 'b',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  ζ: 'z',
  η: 'h',
  ι: 'i',
  κ: 'k',
  μ: 'm',
  ν: 'n',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  τ: 't',
  υ: 'y',
  χ: 'x',
  ϲ: 'c',
  ϳ: 'j',
  // Latin and digits
  ı: 'i',
  ɡ: 'g',
  ǀ: 'l',
  '0': 'o',
  '1': 'l',
};

/** Letter pairs that read as one letter (UTS #39: rn → m, vv → w). */
const PAIRS: Array<[RegExp, string]> = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

/**
 * The unique key of a name: its folded form with look-alikes replaced, so that names a reader
 * cannot tell apart (`admin`, `ADMIN`, full-width `Ａｄｍｉｎ`, Cyrillic `аdmin`; `paypal` and
 * `paypa1`) share one key and only the first of them can exist.
 */
export function usernameKey(name: string): string {
  let key = [...foldUsername(name)].map((c) => LOOK_ALIKES[c] ?? c).join('');
  for (const [pair, letter] of PAIRS) key = key.replace(pair, letter);
  return key;
}

/** Whether two names are the same name (not merely alike). */
export const sameUsername = (a: string, b: string): boolean => foldUsername(a) === foldUsername(b);
