// `npm run bench`: converter (100-page PDF vs mutool alone), static build of 1,000 documents,
// and search over 100,000 documents (API path vs the raw full-text query). Timings, not assertions.
import { spawnSync } from 'node:child_process';

const steps: Array<[string, string[]]> = [
  ['converter: 100-page PDF', ['scripts/bench-convert.ts', '100']],
  ['static build: 1,000 documents', ['scripts/bench-build.ts', '1000']],
  ['search: 100,000 documents', ['scripts/bench-search.ts', '--docs', process.env.BENCH_SEARCH_DOCS ?? '100000']],
];
let failed = 0;
for (const [label, args] of steps) {
  console.log(`\n== ${label}`);
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
