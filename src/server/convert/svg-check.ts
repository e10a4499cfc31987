import { WorkerCalls } from '../threads/worker-calls.ts';
import { checkPageBytes, type PageBytesCheck } from './svg-page.ts';

/**
 * Checks rendered pages (svg-page.ts checkPageBytes) on a worker thread: parsing a large page takes
 * tenths of a second, which the in-process converter must not take from the server's requests. The
 * thread starts when first needed and stops after a while without work; when it fails, pages are
 * checked on the calling thread.
 */

const IDLE_MS = 10_000;

let thread: WorkerCalls<Uint8Array, PageBytesCheck> | null = null;
let idle: NodeJS.Timeout | undefined;
let open = 0;

export async function checkPage(page: Buffer): Promise<PageBytesCheck> {
  if (!thread || thread.dead) thread = new WorkerCalls(new URL('./svg-page.worker.ts', import.meta.url));
  clearTimeout(idle);
  open++;
  try {
    return await thread.call(page);
  } catch {
    return checkPageBytes(page);
  } finally {
    if (--open === 0) {
      idle = setTimeout(() => {
        thread?.stop();
        thread = null;
      }, IDLE_MS);
      idle.unref();
    }
  }
}
