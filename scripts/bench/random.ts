// Deterministic random data for benchmarks and scale tests: a seeded PRNG (mulberry32) and
// Chinese text drawn from the 20,000 most frequent 2–4 character words of jieba's dictionary
// with Zipf's law, so that word frequencies look like real text.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface Random {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  /** index in [0, n) drawn with Zipf's law (small indexes are frequent) */
  zipf(n: number): number;
  pick<T>(list: readonly T[]): T;
  /** `chars` hex digits */
  hex(chars: number): string;
  /** a word of the text; `minRank` leaves out the most frequent ones (的-like words nobody searches for) */
  word(minRank?: number): string;
  /** `n` words with commas and a full stop, like a line of a page */
  sentence(n: number): string;
}

let dictionary: string[] | null = null;
function words(): string[] {
  if (dictionary) return dictionary;
  const file = join(dirname(createRequire(import.meta.url).resolve('@node-rs/jieba/package.json')), 'dict.txt');
  dictionary = readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.split(' '))
    .filter(([w, f]) => w && /^[\u4e00-\u9fa5]{2,4}$/.test(w) && Number(f) > 0)
    .sort((a, b) => Number(b[1]) - Number(a[1]) || (a[0] < b[0] ? -1 : 1))
    .slice(0, 20_000)
    .map(([w]) => w);
  return dictionary;
}

/** Cumulative 1/k weights per list length, shared by every generator. */
const harmonic = new Map<number, Float64Array>();
function cumulative(n: number): Float64Array {
  let c = harmonic.get(n);
  if (!c) {
    c = new Float64Array(n);
    let sum = 0;
    for (let i = 0; i < n; i++) c[i] = sum += 1 / (i + 1);
    harmonic.set(n, c);
  }
  return c;
}

export function random(seed: number): Random {
  let s = seed | 0;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const zipf = (n: number) => {
    const c = cumulative(n);
    const r = next() * c[n - 1];
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (c[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const list = words();
  const word = (minRank = 0): string => {
    for (;;) {
      const rank = zipf(list.length);
      if (rank >= minRank) return list[rank];
    }
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    zipf,
    pick: (items) => items[Math.floor(next() * items.length)],
    hex: (chars) => {
      let out = '';
      while (out.length < chars)
        out += Math.floor(next() * 4_294_967_296)
          .toString(16)
          .padStart(8, '0');
      return out.slice(0, chars);
    },
    word,
    sentence: (n) => {
      let out = '';
      for (let i = 0; i < n; i++) out += word() + (i % 9 === 8 && i < n - 1 ? (next() < 0.5 ? '，' : '。') : '');
      return `${out}。`;
    },
  };
}
