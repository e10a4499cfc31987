// A worker thread for tests/unit/worker-calls.test.ts.
import { serveCalls } from '../../../src/server/threads/worker-calls.ts';

type Ask = { double: number } | { fail: string } | { exit: number };

serveCalls((ask: Ask) => {
  if ('double' in ask) return ask.double * 2;
  if ('fail' in ask) throw new Error(ask.fail);
  process.exit(ask.exit);
});
