// `npm test`: builds the site, then runs unit + server tests (vitest) and browser tests (Playwright),
// and ends with one line `N passed, N failed` that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const node = process.execPath;
const reports = 'reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const only = process.argv[2]; // optional: unit | server | e2e

function run(label: string, args: string[], env: Record<string, string> = {}): number {
  console.log(`\n== ${label}`);
  const t0 = Date.now();
  const r = spawnSync(node, args, { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env } });
  console.log(`== ${label}: exit ${r.status} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return r.status ?? 1;
}

let failedSteps = 0;
// a page over its JavaScript budget fails the run, but the tests still run
let overBudget = 0;
if (!only || only === 'e2e') {
  // the browser tests run against the site built with default settings (no API at build time)
  const env: Record<string, string> = { WENKU_OUT_DIR: 'dist' };
  delete process.env.WENKU_API;
  if (run('astro build', ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], env) !== 0) failedSteps++;
  // per-route first-load JavaScript budgets of the site just built (.size-limit.ts, scripts/page-weight.ts)
  else if (run('page weight (size-limit)', ['node_modules/size-limit/bin.js', '--hide-passed'], env) !== 0) overBudget++;
}
if (!only || only === 'unit' || only === 'server') {
  const projects = only ? ['--project', only] : [];
  run('vitest', [
    'node_modules/vitest/vitest.mjs',
    'run',
    ...projects,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${reports}/vitest.json`,
  ]);
}
if ((!only || only === 'e2e') && failedSteps === 0) {
  run('playwright', ['node_modules/@playwright/test/cli.js', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`,
  });
}

let passed = 0;
let failed = failedSteps + overBudget;
let skipped = 0;
if (existsSync(`${reports}/vitest.json`)) {
  const v = JSON.parse(readFileSync(`${reports}/vitest.json`, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests + (v.success === false && v.numFailedTests === 0 ? 1 : 0);
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
} else if (!only || only !== 'e2e') failed++;
if (existsSync(`${reports}/e2e.json`)) {
  const e = JSON.parse(readFileSync(`${reports}/e2e.json`, 'utf8')).stats;
  passed += e.expected + (e.flaky ?? 0);
  failed += e.unexpected;
  skipped += e.skipped;
} else if (!only || only === 'e2e') failed++;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
