import type { DatabaseSync } from 'node:sqlite';
import { ITEM_KIND_BITS as KIND_BITS, quoted } from './fts5-items.ts';

/**
 * Which items hold the copy's most common tokens, as bitsets by item (local-copy-file.ts).
 * FTS5 finds the items holding every token by seeking through each token's list of items, and a
 * seek walks that list page by page: a token held by nearly every item (一个 in 98% of them at
 * 1,000,000 documents) made 「内一 一个 个你」 take 5.8 ms where the two rarer tokens alone take
 * 0.96 ms. So a tier asks FTS5 for its rarer tokens only and checks the common ones here, one bit
 * each; a tier of common tokens only is the AND of their bitsets, read from the newest item down.
 * The bitsets follow every write of the copy's thread (the file's only writer).
 */

/** Which tokens get a bitset. */
export interface CommonLimits {
  /** held by at least this share of the items … */
  share: number;
  /** … and never fewer than this many items (below, FTS5's own lists are short) … */
  least: number;
  /** … the most common first, at most this many (each 125 kB per 1,000,000 ids of a kind) */
  most: number;
}

export const COMMON_LIMITS: CommonLimits = { share: 0.1, least: 5_000, most: 128 };

class Bits {
  words = new Uint32Array(1024);

  has(id: number): boolean {
    return ((this.words[id >>> 5] ?? 0) & (1 << (id & 31))) !== 0;
  }

  set(id: number, on: boolean): void {
    const w = id >>> 5;
    if (w >= this.words.length) {
      if (!on) return;
      const grown = new Uint32Array(Math.max(w + 1, this.words.length * 2));
      grown.set(this.words);
      this.words = grown;
    }
    if (on) this.words[w]! |= 1 << (id & 31);
    else this.words[w]! &= ~(1 << (id & 31));
  }
}

/** The newest `size` ids set in every one of `sets` (an AND read from the highest word down). */
function newestInAll(sets: readonly Bits[], size: number): number[] {
  const out: number[] = [];
  const top = Math.min(...sets.map((s) => s.words.length)) - 1;
  for (let w = top; w >= 0 && out.length < size; w--) {
    let word = sets[0]!.words[w]!;
    for (let i = 1; i < sets.length && word; i++) word &= sets[i]!.words[w]!;
    for (let b = 31; b >= 0 && word && out.length < size; b--) {
      if (word & (1 << b)) {
        out.push(w * 32 + b);
        word &= ~(1 << b);
      }
    }
  }
  return out;
}

export class CommonTokens {
  /** token → its bitset by kind number (rowid >> 32) */
  private readonly sets = new Map<string, Bits[]>();
  private readonly limits: CommonLimits;

  constructor(limits = COMMON_LIMITS) {
    this.limits = limits;
  }

  /**
   * Picks the common tokens from the file's vocabulary and reads their items (at 1,000,000
   * documents about 11 s for the vocabulary and 27 s for the items of all 128 tokens).
   */
  build(db: DatabaseSync): void {
    this.sets.clear();
    db.exec('create virtual table if not exists temp.copy_vocab using fts5vocab(main, search_fts, row)');
    const items = (db.prepare('select count(*) as n from search_fts').get() as { n: number }).n;
    const least = Math.max(this.limits.least, Math.ceil(items * this.limits.share));
    const common = db
      .prepare('select term from temp.copy_vocab where doc >= ? order by doc desc limit ?')
      .all(least, this.limits.most) as { term: string }[];
    // row by row, not as one group_concat: at 1,000,000 documents a common token's list was a 7 MB
    // string in SQLite and again in JavaScript, and reading all 128 took the process's peak from 69
    // to 220 MB (row by row: 104 MB, 12 s more on the copy's thread)
    const holders = db.prepare('select rowid from search_fts where search_fts match ?');
    holders.setReturnArrays(true);
    for (const { term } of common) {
      const bits: Bits[] = [];
      for (const [rowid] of holders.iterate(quoted(term)) as Iterable<[number]>) this.setRow(bits, rowid, true);
      this.sets.set(term, bits);
    }
  }

  clear(): void {
    this.sets.clear();
  }

  /** An item written (`words`: its tokens) or removed (null), after its transaction committed. */
  written(rowid: number, words: ReadonlySet<string> | null): void {
    for (const [term, bits] of this.sets) this.setRow(bits, rowid, words?.has(term) ?? false);
  }

  get size(): number {
    return this.sets.size;
  }

  /** The tokens among `tokens` given a bitset. */
  held(tokens: readonly string[]): string[] {
    return tokens.filter((t) => this.sets.has(t));
  }

  /** Whether rowid's item holds every one of `tokens` (all held). */
  holdsAll(rowid: number, tokens: readonly string[]): boolean {
    const kind = Math.floor(rowid / KIND_BITS);
    const id = rowid - kind * KIND_BITS;
    return tokens.every((t) => this.sets.get(t)![kind]?.has(id) ?? false);
  }

  /** The newest `size` ref ids of kind `kindNo` holding every one of `tokens` (all held, at least one). */
  newest(kindNo: number, tokens: readonly string[], size: number): number[] {
    const sets = tokens.map((t) => this.sets.get(t)![kindNo]);
    return sets.every((s) => s) ? newestInAll(sets as Bits[], size) : [];
  }

  private setRow(bits: Bits[], rowid: number, on: boolean): void {
    const kind = Math.floor(rowid / KIND_BITS);
    if (!on && !bits[kind]) return;
    (bits[kind] ??= new Bits()).set(rowid - kind * KIND_BITS, on);
  }
}
