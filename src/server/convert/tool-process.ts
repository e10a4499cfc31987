import { spawn } from 'node:child_process';
import { getPriority } from 'node:os';
import { TOOL_NICENESS } from './sandbox.ts';
import { which } from './tools.ts';

/** How a tool's process ended, with the end of its output. */
export interface ToolExit {
  code: number | null;
  /** The signal that ended it (`timeout` re-raises its child's), e.g. SIGKILL or SIGXCPU at a limit. */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface ToolStart {
  argv: string[];
  cwd?: string;
  /** The child's whole environment (nothing is inherited). */
  env?: Record<string, string>;
}

const KEEP_OUTPUT = 64 * 1024;

/** `nice` in front when this thread runs above TOOL_NICENESS (the tool starter already runs at it). */
function niced(argv: string[]): string[] {
  const raise = TOOL_NICENESS - getPriority();
  const nice = raise > 0 ? which('nice') : null;
  return nice ? [nice, '-n', String(raise), ...argv] : argv;
}

/** SIGKILL to a whole process group (a tool and the helpers it started); nothing when it is gone. */
export function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

/**
 * Starts a tool in its own process group, in this process, at TOOL_NICENESS: `started` gets its pid; the promise
 * settles when it has exited and its pipes have closed (after a normal exit, left-over helpers of the
 * group are killed; a helper that left the group and still holds the pipes is waited for 2 s at most).
 * Rejects when it could not start. The server starts tools through spawner.ts instead.
 */
export function runHere(start: ToolStart, started: (pid: number | undefined) => void): Promise<ToolExit> {
  return new Promise((resolve, reject) => {
    const argv = niced(start.argv);
    const child = spawn(argv[0], argv.slice(1), {
      cwd: start.cwd,
      env: start.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout = (stdout + d).slice(-KEEP_OUTPUT)));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-KEEP_OUTPUT)));
    child.once('exit', () => {
      killGroup(child.pid);
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, 2000).unref();
    });
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
