// Prints the new space of a thread started as the server starts its own, and of one that asks
// for an 8 MB young generation, in a process started with the server's flags (worker-calls.test.ts).
import { WorkerCalls } from '../../../src/server/threads/worker-calls.ts';

const script = new URL('./calls.worker.ts', import.meta.url);
const sizes: number[] = [];
for (const youngMb of [undefined, 8]) {
  const thread = new WorkerCalls<{ newSpaceMb: true }, number>(script, youngMb);
  sizes.push(await thread.call({ newSpaceMb: true }));
  await thread.stop();
}
console.log(JSON.stringify(sizes));
