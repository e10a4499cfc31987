import { readFile } from 'node:fs/promises';
import { WorkerCalls } from '../threads/worker-calls.ts';
import { checkPageBytes, checkReadPage, type PageBytesCheck, type PageFileCheck } from './svg-page.ts';

/**
 * Checks rendered pages (svg-page.ts checkPageBytes) on a worker thread: parsing a large page takes
 * tenths of a second, which the in-process converter must not take from the server's requests. A page
 * file just rendered is read there too, and its bytes come back only when asked (moved, not copied):
 * reading and copying 100 pages of 73 KB took ~65 ms of the main thread per conversion (cpu-prof).
 * The thread starts when first needed and stops after a while without work; when it fails, pages are
 * checked on the calling thread.
 */

/** A call to the thread: bytes in memory, or a page file to read (`keep`: its bytes are wanted back). */
export type PageCall = { bytes: Uint8Array } | { file: string; keep: boolean };

const IDLE_MS = 10_000;

let thread: WorkerCalls<PageCall, PageBytesCheck | PageFileCheck> | null = null;
let idle: NodeJS.Timeout | undefined;
let open = 0;

async function onThread<R extends PageBytesCheck | PageFileCheck>(call: PageCall, here: () => Promise<R>): Promise<R> {
  if (!thread || thread.dead) thread = new WorkerCalls(new URL('./svg-page.worker.ts', import.meta.url));
  clearTimeout(idle);
  open++;
  try {
    return (await thread.call(call)) as R;
  } catch {
    return here();
  } finally {
    if (--open === 0) {
      idle = setTimeout(() => {
        void thread?.stop();
        thread = null;
      }, IDLE_MS);
      idle.unref();
    }
  }
}

export const checkPage = (page: Buffer): Promise<PageBytesCheck> => onThread({ bytes: page }, async () => checkPageBytes(page));

/** A page file as `mutool draw` wrote it (svg-page.ts checkReadPage). */
export const checkPageFile = (file: string, keep: boolean): Promise<PageFileCheck> =>
  onThread({ file, keep }, async () => checkReadPage(await readFile(file).catch(() => null), keep));
