/**
 * The distinct tokens of many texts, collected without a string per occurrence: a page of
 * Chinese holds a pair per character, and most repeat, so pairs of BMP characters are kept as
 * 32-bit codes in an open-addressing table and turned into strings once each at the end. Other
 * tokens (words, pairs of astral characters, single characters) go to a plain set.
 */
export class TokenSet {
  private table = new Uint32Array(4096);
  private count = 0;
  private readonly others = new Set<string>();

  /** The pair of two UTF-16 code units a and b (BMP letters, not surrogates); a = 0: b alone. */
  addPair(a: number, b: number): void {
    // code 0 marks an empty slot: U+0000 is no letter, so no token has that code
    const code = ((a << 16) | b) >>> 0;
    if ((this.count + 1) * 2 > this.table.length) this.grow();
    const mask = this.table.length - 1;
    const h = Math.imul(code ^ (code >>> 16), 0x45d9f3b);
    let i = (h ^ (h >>> 16)) & mask;
    for (;;) {
      const v = this.table[i];
      if (v === code) return;
      if (v === 0) break;
      i = (i + 1) & mask;
    }
    this.table[i] = code;
    this.count++;
  }

  add(token: string): void {
    if (token.length === 1 && !isSurrogate(token.charCodeAt(0))) return this.addPair(0, token.charCodeAt(0));
    if (token.length === 2) {
      const a = token.charCodeAt(0);
      const b = token.charCodeAt(1);
      if (!isSurrogate(a) && !isSurrogate(b)) return this.addPair(a, b);
    }
    this.others.add(token);
  }

  /** Every token once. */
  tokens(): string[] {
    const out = [...this.others];
    for (const code of this.table) {
      if (code) out.push(code >>> 16 ? String.fromCharCode(code >>> 16, code & 0xffff) : String.fromCharCode(code));
    }
    return out;
  }

  private grow(): void {
    const old = this.table;
    this.table = new Uint32Array(old.length * 2);
    this.count = 0;
    for (const code of old) if (code) this.addPair(code >>> 16, code & 0xffff);
  }
}

const isSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdfff;
