import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WorkerCalls } from '../../src/server/threads/worker-calls.ts';
import { asNpmRuns } from '../server/support/npm-script.ts';

type Ask = { double: number } | { fail: string } | { exit: number } | { newSpaceMb: true };
const thread = () => new WorkerCalls<Ask, number>(new URL('./support/calls.worker.ts', import.meta.url));

describe('calls into a worker thread', () => {
  it('answers each call with its own result, and a thrown error as a failed call', async () => {
    const t = thread();
    try {
      const answers = await Promise.all([1, 2, 3].map((n) => t.call({ double: n })));
      expect(answers).toEqual([2, 4, 6]);
      await expect(t.call({ fail: '页面写入失败' })).rejects.toThrow('页面写入失败');
      // a thrown error is one failed call, not a dead thread
      expect(await t.call({ double: 21 })).toBe(42);
      expect(t.dead).toBe(false);
    } finally {
      await t.stop();
    }
  });

  it('fails the open calls of a thread that died, and every later one', async () => {
    const t = thread();
    const open = t.call({ double: 1 });
    await expect(t.call({ exit: 3 })).rejects.toThrow('exited with code 3');
    await open;
    expect(t.dead).toBe(true);
    await expect(t.call({ double: 2 })).rejects.toThrow('gone');
  });

  it('fails calls still open when it is stopped', async () => {
    const t = thread();
    const open = t.call({ double: 1 });
    void t.stop();
    await expect(open).rejects.toThrow('stopped');
  });

  it('keeps a process that awaits only its answer alive until it comes, and lets an idle one exit', () => {
    const script = fileURLToPath(new URL('./support/await-call.ts', import.meta.url));
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 20_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('8');
    expect(run.status).toBe(0);
  });

  it("sizes a thread's young generation as the server's flag sizes the main thread's, or smaller when it asks", () => {
    const script = fileURLToPath(new URL('./support/young-generation.ts', import.meta.url));
    // the Node flags `npm start` gives the server (package.json)
    const flags = asNpmRuns('src/server/main.ts').args.slice(0, -1);
    const run = spawnSync(process.execPath, [...flags, script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    const [asTheMain, asked] = JSON.parse(run.stdout) as number[];
    // 16 MB semi-spaces: a 32 MB new space; asked for 8 MB, no more than that
    expect(asTheMain).toBe(32);
    expect(asked).toBeLessThanOrEqual(8);
  });
});
