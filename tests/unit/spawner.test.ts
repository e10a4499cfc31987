import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOOL_NICENESS } from '../../src/server/convert/sandbox.ts';
import { startTool } from '../../src/server/convert/spawner.ts';
import { runHere } from '../../src/server/convert/tool-process.ts';
import { processes } from '../server/support/proc.ts';

// Tools are started by a small helper process, not by the server: the server's fork() would copy its
// page tables and hold its event loop. Real processes, read from /proc.
/** The live starter processes this test process has. */
const starters = (): number[] =>
  processes()
    .filter((p) => p.ppid === process.pid && commandLine(p.pid).includes('spawner.child.ts'))
    .map((p) => p.pid);
const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return ''; // ended meanwhile
  }
};

describe('the tool starter', () => {
  it('runs a tool from a helper process of this one, with its output and exit code', async () => {
    const run = startTool({ argv: ['/bin/sh', '-c', 'echo $PPID; echo 出错了 >&2; exit 3'], env: { LANG: 'C.UTF-8' } });
    const exit = await run.exit;
    expect(exit).toMatchObject({ code: 3, signal: null, stderr: '出错了\n' });
    const starter = Number(exit.stdout.trim());
    expect(starter).not.toBe(process.pid);
    expect(starters()).toContain(starter);
  });

  it('runs tools at the converter niceness, as the server runs its own tools', async () => {
    const field19 = ['/usr/bin/cut', '-d', ' ', '-f19', '/proc/self/stat'];
    expect((await startTool({ argv: field19 }).exit).stdout.trim()).toBe(String(TOOL_NICENESS));
    const here = await runHere({ argv: field19 }, () => undefined);
    expect(here.stdout.trim()).toBe(String(TOOL_NICENESS));
  });

  it('kills a tool asked to stop before its pid is known, with its whole group', async () => {
    const run = startTool({ argv: ['/bin/sh', '-c', 'sleep 60 & sleep 60; wait'] });
    run.kill();
    expect(await run.exit).toMatchObject({ signal: 'SIGKILL' });
  });

  it('fails the runs of a starter that died, and starts a new one for the next', async () => {
    const open = startTool({ argv: ['/bin/sleep', '60'] });
    const [starter] = starters();
    expect(starter).toBeGreaterThan(0);
    process.kill(starter, 'SIGKILL');
    await expect(open.exit).rejects.toThrow('tool starter');
    const next = await startTool({ argv: ['/bin/sh', '-c', 'echo $PPID'] }).exit;
    expect(Number(next.stdout.trim())).not.toBe(starter);
  });
});
