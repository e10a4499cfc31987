import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommonTokens } from '../../src/server/search/common-tokens.ts';
import { CopyFile, type CopyRow, type TierAsk } from '../../src/server/search/local-copy-file.ts';

// A PostgreSQL server's local copy answers a tier's common tokens from bitsets (common-tokens.ts):
// every answer must be the one FTS5 gives alone, after a whole copy and after later writes.

const KIND = 2 ** 32;
const VOCABULARY = ['一个', '我们', '中国', '发展', '棉纱', '企业', '内一', '个你', '开始', '质量', '\ue000一个', '\ue000中国'];
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A seeded generator, so that a failure repeats. */
function random(seed: number) {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/** Tokens as PostgreSQL prints a tsvector; the first tokens far more common than the last. */
function tokensOf(next: () => number): string {
  const held = VOCABULARY.filter((_, i) => next() < 0.9 / (1 + i * 0.6));
  return held.map((t) => `'${t}'`).join(' ');
}

function copies(common: CommonTokens) {
  const open = (limits: CommonTokens) => {
    const dir = mkdtempSync(join(tmpdir(), 'wenku-copy-common-'));
    dirs.push(dir);
    return CopyFile.open(dir, limits)!;
  };
  const withBits = open(common);
  const plain = open(new CommonTokens({ share: 1, least: Infinity, most: 0 }));
  return { withBits, plain, both: [withBits, plain] };
}

function asks(next: () => number): TierAsk[] {
  const out: TierAsk[] = [];
  for (let i = 0; i < 150; i++) {
    const tokens = VOCABULARY.filter(() => next() < 0.25).slice(0, 4);
    const prefixes = next() < 0.2 ? ['个'] : [];
    if (!tokens.length && !prefixes.length) tokens.push(VOCABULARY[0]!);
    out.push({ kindNo: next() < 0.8 ? 0 : 1, tokens, prefixes, size: [1, 7, 40, 1000][Math.floor(next() * 4)]! });
  }
  return out;
}

describe('the copy with common tokens on bitsets', () => {
  it('answers every tier as FTS5 alone does, after a whole copy and after later writes', () => {
    const next = random(20_261_206);
    const common = new CommonTokens({ share: 0.2, least: 10, most: 6 });
    const { withBits, plain, both } = copies(common);
    const rows: CopyRow[] = [];
    for (let id = 1; id <= 600; id++) rows.push([(id % 5 === 0 ? KIND : 0) + id, tokensOf(next)]);
    for (const file of both) {
      file.reset('test');
      file.apply(rows, undefined, true);
      file.copied();
      file.readCommonTokens();
    }
    expect(common.size).toBe(6);
    const check = () => {
      for (const ask of asks(next)) expect(withBits.tier(ask), JSON.stringify(ask)).toBe(plain.tier(ask));
    };
    check();
    // rewritten, removed and new items, as a catch-up writes them
    const later: CopyRow[] = [];
    for (let i = 0; i < 200; i++) {
      const id = 1 + Math.floor(next() * 700);
      later.push([(id % 5 === 0 ? KIND : 0) + id, next() < 0.2 ? null : tokensOf(next)]);
    }
    for (const file of both) file.apply(later, 1);
    check();
  });

  it('reads the bitsets again when a process takes a complete copy over', () => {
    const next = random(7);
    const first = new CommonTokens({ share: 0.3, least: 10, most: 4 });
    const { withBits, plain, both } = copies(first);
    const rows: CopyRow[] = Array.from({ length: 300 }, (_, i): CopyRow => [i + 1, tokensOf(next)]);
    for (const file of both) {
      file.reset('test');
      file.apply(rows, 5, true);
      file.copied();
      file.readCommonTokens();
    }
    const taken = new CommonTokens({ share: 0.3, least: 10, most: 4 });
    expect(taken.size).toBe(0);
    const path = withBits.path;
    withBits.close();
    const again = CopyFile.open(join(path, '..'), taken)!;
    again.readCommonTokens();
    expect(taken.size).toBe(4);
    for (const ask of asks(next)) expect(again.tier(ask)).toBe(plain.tier(ask));
    again.close();
    plain.close();
  });
});
