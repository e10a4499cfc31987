import { serveCalls } from '../threads/worker-calls.ts';
import { checkPageBytes } from './svg-page.ts';

/** Repairs and parses rendered pages off the main thread (svg-check.ts). */
serveCalls(checkPageBytes);
