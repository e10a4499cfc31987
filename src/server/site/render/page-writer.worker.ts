// The renderer's writer thread (page-writer.ts): writes each page with its compressed copies.
import { parentPort } from 'node:worker_threads';
import { writeSiteFile } from '../precompress.ts';
import type { WriteDone, WriteJob } from './page-writer.ts';

parentPort?.on('message', ({ id, file, data }: WriteJob) => {
  let reply: WriteDone = { id };
  try {
    writeSiteFile(file, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  } catch (err) {
    reply = { id, error: (err as Error).message };
  }
  parentPort?.postMessage(reply);
});
