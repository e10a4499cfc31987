import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// A worker thread keeps every module it loads in its own memory: the local search copy's thread
// (local-copy.worker.ts) cost 67 MB with the segmenter's dictionary and kysely in its imports,
// 36 MB without them (docs/performance.md). What it loads is read here by a module hook in a
// process of its own, so that a new import that pulls them in again fails here.

/** The URLs of every module `entry` loads, as Node resolves them. */
function modulesLoadedBy(entry: string): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const seen = [];
    registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.push(r.url); return r; } });
    await import(${JSON.stringify(new URL(entry, import.meta.url).href)});
    console.log(JSON.stringify(seen));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(out) as string[];
}

describe('the modules a worker thread loads', () => {
  it('keeps the segmenter and kysely out of the local search copy thread', () => {
    const loaded = modulesLoadedBy('../../src/server/search/local-copy-file.ts');
    expect(loaded.filter((url) => /jieba|kysely|segment\.ts|grams\.ts/.test(url))).toEqual([]);
    // the hook saw the thread's own modules
    expect(loaded.some((url) => url.endsWith('/search/local-copy-file.ts'))).toBe(true);
  });
});
