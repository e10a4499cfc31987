import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLoadScripts, pageChecks } from '../../scripts/page-weight.ts';

describe('page weight budgets', () => {
  let root: string;
  const put = (file: string, body: string) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), body);
  };
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'wenku-weight-'));
    put('_astro/page.js', 'import{a}from"./shared.js";import"./side.js";const later=()=>import("./lazy.js");');
    put('_astro/shared.js', 'export{b as a}from"./core.js";');
    put('_astro/core.js', 'export const b=1;');
    put('_astro/side.js', 'console.log(1);');
    put('_astro/lazy.js', 'export const big=1;');
    put('_astro/App.js', 'export{t as default}from"./core.js";');
    put('index.html', '<script type="module" src="/_astro/page.js"></script>');
    put('library.html', '<script type="module" src="/_astro/page.js"></script>');
    put('member.html', '<astro-island component-url="/_astro/App.js" renderer-url="/_astro/side.js"></astro-island>');
    put('admin/index.html', '<p>no scripts</p>');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('counts module scripts, islands and their static imports and re-exports, not lazy chunks', () => {
    expect(firstLoadScripts(root, 'index.html')).toEqual([
      '_astro/core.js',
      '_astro/page.js',
      '_astro/shared.js',
      '_astro/side.js',
    ]);
    expect(firstLoadScripts(root, 'member.html')).toEqual(['_astro/App.js', '_astro/core.js', '_astro/side.js']);
  });

  it('checks each distinct set of files once, with the budget of its kind of page', () => {
    const checks = pageChecks(root);
    expect(checks.map((c) => [c.name, c.limit])).toEqual([
      ['public /', '40 KB'],
      ['member /member', '250 KB'],
    ]);
  });
});
