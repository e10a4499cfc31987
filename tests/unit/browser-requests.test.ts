// Browser code asks the server only through the generated endpoint table (issue 28): the lint rule
// (eslint.boundaries.js) keeps the raw transport inside src/api; this test keeps request shapes out
// of it, so that a field added to a contract's query or body reaches the browser by compile error.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BROWSER_DIRS = ['src/islands', 'src/scripts', 'src/stores', 'src/lib', 'src/views', 'src/api'];
const GENERATED = join('src', 'api', 'generated');
/** Shapes named like requests that are not: the admin screens' reader of the address bar's query. */
const NOT_REQUESTS = [join('src', 'islands', 'admin', 'hooks', 'useUrlQuery.ts')];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === GENERATED ? [] : sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** A request shape written by hand: an interface, or a type spelled out as an object literal. */
const HAND_WRITTEN =
  /^\s*(?:export\s+)?(?:interface\s+\w*(?:Body|Query|Params|Request)\b|type\s+\w*(?:Body|Query|Params|Request)\s*=\s*\{)/m;

describe('browser code declares no request shape of its own', () => {
  it('finds the pattern it looks for', () => {
    expect(HAND_WRITTEN.test('export interface LoginBody {\n  username: string;\n}\n')).toBe(true);
    expect(HAND_WRITTEN.test('type ListQuery = { page: number };\n')).toBe(true);
    expect(HAND_WRITTEN.test('export type SearchParams = QueryOf<typeof documentSearch>;\n')).toBe(false);
  });

  it('takes every query and body from the generated calls (QueryOf, BodyOf, WireInput)', () => {
    const files = BROWSER_DIRS.flatMap(sources).filter((f) => !NOT_REQUESTS.includes(f));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => HAND_WRITTEN.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
});
