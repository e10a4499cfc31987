import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Access, Endpoint, ServiceTable } from '../../../src/contract/endpoint.ts';
import { SERVICE_TABLES } from '../../../src/contract/services.ts';
import type { TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

interface Operation {
  summary?: string;
  tags?: string[];
}

const ROOT = join(import.meta.dirname, '..', '..', '..');
const calls = Object.values(SERVICE_TABLES).flatMap((t) =>
  Object.values(t.calls as Record<string, Endpoint>).map((call) => ({ call, tags: t.tags })),
);
const key = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\/+$/, '')}`;
const titleOf = (access: Access) =>
  typeof access === 'object' ? `${access.method ?? 'GRPC'} ${access.path} ${access.title}` : access;

/** Every file of browser code (eslint.boundaries.js's CLIENT, less the generated projection). */
function browserFiles(dir = join(ROOT, 'src')): string[] {
  const client = ['islands', 'scripts', 'api', 'stores', 'lib', 'views', 'domain', 'components', 'pages', 'layouts'];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && /\.(ts|tsx|astro)$/.test(f.name))
    .map((f) => join(f.parentPath, f.name))
    .filter((f) => client.includes(relative(dir, f).split('/')[0]!) && !f.includes('/api/generated/'));
}

describeEachDialect('the endpoint table (src/contract/services.ts) on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  let ops: Map<string, Operation>;
  onStart((started) => {
    ({ t } = started);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    ops = new Map();
    for (const [path, byMethod] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/v1/')) continue;
      for (const [method, op] of Object.entries(byMethod)) ops.set(key(method, path.slice('/api/v1'.length)), op);
    }
  });

  it('declares each call once', () => {
    const seen = calls.map(({ call }) => key(call.method, call.path));
    expect(seen.filter((k, i) => seen.indexOf(k) !== i)).toEqual([]);
  });

  it('and the server registers exactly its calls, with their summaries and tags', () => {
    const declared = new Map(calls.map((c) => [key(c.call.method, c.call.path), c]));
    expect([...ops.keys()].filter((k) => !declared.has(k)).sort()).toEqual([]);
    expect([...declared.keys()].filter((k) => !ops.has(k)).sort()).toEqual([]);
    for (const [k, { call, tags }] of declared) {
      expect(ops.get(k), k).toMatchObject({ summary: call.summary, tags: [...tags] });
    }
  });

  it('holds every permission the server knows, with its title', () => {
    const inTable = new Set([
      ...calls.map(({ call }) => titleOf(call.access)),
      ...Object.values<ServiceTable>(SERVICE_TABLES).flatMap((s) => Object.values(s.checks ?? {}).map(titleOf)),
    ]);
    const registered = t.ctx.permissions.list().map(titleOf);
    expect(registered.filter((p) => !inTable.has(p)).sort()).toEqual([]);
  });

  it('browser code names no /api/v1 path: it calls the generated projection', () => {
    // a path that is also a page of the site (`/article`, `/feedback`) names the page
    const isPage = (path: string) =>
      ['.astro', '/index.astro', ''].some((end) => existsSync(join(ROOT, 'src', 'pages', path + end)));
    const paths = new Set(calls.map(({ call }) => call.path).filter((path) => !isPage(path)));
    const found: string[] = [];
    for (const file of browserFiles()) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](\/[\w/-]+)['"`?]/g)) {
        if (paths.has(m[1]!)) found.push(`${relative(ROOT, file)}: ${m[1]}`);
      }
    }
    expect(found).toEqual([]);
  });
});

/** A request shape written by hand: an interface, or a type spelled out as an object literal. */
const HAND_WRITTEN =
  /^\s*(?:export\s+)?(?:interface\s+\w*(?:Body|Query|Params|Request)\b|type\s+\w*(?:Body|Query|Params|Request)\s*=\s*\{)/m;
/** Shapes named like requests that are not: the admin screens' reader of the address bar's query. */
const NOT_REQUESTS = ['src/islands/admin/hooks/useUrlQuery.ts'];

// The lint rule (eslint.boundaries.js) keeps the raw transport inside src/api; this keeps request
// shapes out of browser code, so that a field added to a contract's query or body reaches it by compile error.
describe('browser code declares no request shape of its own', () => {
  test('the pattern finds one', () => {
    expect(HAND_WRITTEN.test('export interface LoginBody {\n  username: string;\n}\n')).toBe(true);
    expect(HAND_WRITTEN.test('type ListQuery = { page: number };\n')).toBe(true);
    expect(HAND_WRITTEN.test('export type SearchParams = QueryOf<typeof documentSearch>;\n')).toBe(false);
  });

  test('every query and body comes from the generated calls (QueryOf, BodyOf, WireInput)', () => {
    const files = browserFiles().map((f) => relative(ROOT, f));
    expect(files.length).toBeGreaterThan(100);
    const found = files.filter((f) => !NOT_REQUESTS.includes(f) && HAND_WRITTEN.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
