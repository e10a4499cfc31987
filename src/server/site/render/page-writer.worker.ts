// The renderer's writer thread (page-writer.ts): writes each page with its compressed copies.
import { serveCalls } from '../../threads/worker-calls.ts';
import { writeSiteFile } from '../precompress.ts';
import type { WriteJob } from './page-writer.ts';

serveCalls(({ file, data }: WriteJob) => writeSiteFile(file, Buffer.from(data.buffer, data.byteOffset, data.byteLength)));
