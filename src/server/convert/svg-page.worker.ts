import { readFileSync } from 'node:fs';
import { serveCalls } from '../threads/worker-calls.ts';
import { checkPageBytes, checkReadPage, type PageBytesCheck, type PageFileCheck } from './svg-page.ts';
import type { PageCall } from './svg-check.ts';

const read = (file: string): Buffer | null => {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
};

/** A buffer that owns its whole memory moves back to the caller; a slice of a shared pool is copied. */
const ownBuffers = (result: PageBytesCheck | PageFileCheck) =>
  [result.ok ? result.repaired : null, result.ok && 'written' in result ? result.written : null]
    .filter((b): b is Uint8Array => !!b && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength)
    .map((b) => b.buffer as ArrayBuffer);

/** Reads, repairs and parses rendered pages off the main thread (svg-check.ts). */
serveCalls(
  (call: PageCall) => ('file' in call ? checkReadPage(read(call.file), call.keep) : checkPageBytes(call.bytes)),
  ownBuffers,
);
