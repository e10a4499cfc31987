import { serveCalls } from '../threads/worker-calls.ts';
import { CopyFile, type CopyRow, type CopyState, type TierAsk } from './local-copy-file.ts';

/** The calls local-copy.ts makes into this thread, which owns the copy's file (local-copy-file.ts). */
export type CopyCall =
  | { op: 'open'; dir: string }
  | { op: 'reset'; source: string }
  | { op: 'apply'; rows: CopyRow[]; floor?: number; fresh?: boolean }
  | { op: 'tiers'; asks: TierAsk[] }
  | { op: 'copied' }
  | { op: 'common' }
  | { op: 'close' };

let file: CopyFile | undefined;

function handle(call: CopyCall): CopyState | (string | null)[] | null | undefined {
  if (call.op === 'open') {
    file ??= CopyFile.open(call.dir);
    return file?.state();
  }
  if (call.op === 'close') {
    // closed before the thread ends, so that the lock is given up at once for the next process
    file?.close();
    file = undefined;
    return null;
  }
  if (!file) throw new Error('search copy is not open');
  if (call.op === 'reset') file.reset(call.source);
  else if (call.op === 'apply') file.apply(call.rows, call.floor, call.fresh);
  else if (call.op === 'copied') file.copied();
  else if (call.op === 'common') file.readCommonTokens();
  else return call.asks.map((ask) => file!.tier(ask));
  return null;
}

serveCalls(handle);
