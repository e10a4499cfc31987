// A process that awaits nothing but one call into a worker thread (tests/unit/worker-calls.test.ts).
import { WorkerCalls } from '../../../src/server/threads/worker-calls.ts';

const thread = new WorkerCalls<{ double: number }, number>(new URL('./calls.worker.ts', import.meta.url));
console.log(await thread.call({ double: 4 }));
