// A worker thread for tests/unit/worker-calls.test.ts.
import { getHeapSpaceStatistics } from 'node:v8';
import { serveCalls } from '../../../src/server/threads/worker-calls.ts';

type Ask = { double: number } | { fail: string } | { exit: number } | { newSpaceMb: true };

/** The size of this thread's new space after enough short-lived objects to grow it to its largest, MB. */
function grownNewSpaceMb(): number {
  // each lives through a few scavenges: V8 grows the new space while many of its objects survive
  const ring: string[] = new Array<string>(50_000);
  for (let i = 0; i < 3_000_000; i++) ring[i % ring.length] = `短命的字符串 ${i}`;
  return getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size / 2 ** 20;
}

serveCalls((ask: Ask) => {
  if ('double' in ask) return ask.double * 2;
  if ('fail' in ask) throw new Error(ask.fail);
  if ('newSpaceMb' in ask) return grownNewSpaceMb();
  process.exit(ask.exit);
});
