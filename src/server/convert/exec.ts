import { spawn } from 'node:child_process';
import { ConvertAborted, ConvertRefused } from './errors.ts';
import { limitPrefix, limitReason, parentDeathPrefix, toolLimits } from './sandbox.ts';
import { which } from './tools.ts';

export interface RunOptions {
  timeoutMs: number;
  cwd?: string;
  /** The child's whole environment (nothing is inherited). */
  env?: Record<string, string>;
  /** Put in front of the command, e.g. `['unshare', '-n']` to take the network away. */
  prefix?: string[];
  signal?: AbortSignal;
  /** Named in the reason when the tool dies of a signal (a resource limit); without it the result is returned. */
  tool?: string;
}

export interface RunResult {
  code: number | null;
  /** The signal that ended the tool (`timeout` re-raises its child's), e.g. SIGKILL or SIGXCPU at a limit. */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const KEEP_OUTPUT = 64 * 1024;

/** Minutes as shown in the timeout reason. */
export const timeoutReason = (timeoutMs: number): string => {
  const minutes = timeoutMs / 60_000;
  return `文档转换超时（超过 ${Number.isInteger(minutes) ? minutes : minutes.toFixed(2)} 分钟）`;
};

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

/** Died of a signal, directly or as a shell reports it (128 + signal). */
const crashed = (res: RunResult) => res.signal !== null || (res.code ?? 0) > 128;

/**
 * Runs a tool in its own process group, under the memory and CPU limits (sandbox.ts), with only the
 * environment given. On timeout or abort the whole group is killed (LibreOffice and Calibre start helper
 * processes); after a normal exit, left-over helpers of the group are killed too. When `tool` is given,
 * a death by signal (a limit was hit) rejects with ConvertRefused.
 */
export function runTool(cmd: string, args: string[], opts: RunOptions): Promise<RunResult> {
  // coreutils `timeout` leads the group: told by the kernel when this process dies (even `kill -9`), it
  // signals the whole group, and SIGKILLs it 2 s later, so a killed worker leaves no converter behind
  const timeout = which('timeout');
  const backstop = timeout
    ? [...parentDeathPrefix(), timeout, '-k', '2', '-s', 'KILL', `${Math.ceil(opts.timeoutMs / 1000) + 10}s`]
    : [];
  const limits = toolLimits();
  const argv = [...backstop, ...limitPrefix(limits), ...(opts.prefix ?? []), cmd, ...args];
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new ConvertAborted('转换已停止'));
    const child = spawn(argv[0], argv.slice(1), {
      cwd: opts.cwd,
      env: opts.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let ended: 'timeout' | 'abort' | null = null;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout = (stdout + d).slice(-KEEP_OUTPUT)));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-KEEP_OUTPUT)));
    const stop = (why: 'timeout' | 'abort') => {
      ended ??= why;
      killGroup(child.pid);
    };
    const timer = setTimeout(() => stop('timeout'), opts.timeoutMs);
    const onAbort = () => stop('abort');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    child.once('exit', () => {
      killGroup(child.pid);
      // a helper that left the group may still hold the pipes: stop waiting for them
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, 2000).unref();
    });
    child.once('error', (err) => {
      done();
      reject(err);
    });
    child.once('close', (code, signal) => {
      done();
      const res = { code, signal, stdout, stderr };
      if (ended === 'timeout') reject(new ConvertRefused(timeoutReason(opts.timeoutMs)));
      else if (ended === 'abort') reject(new ConvertAborted('转换已停止'));
      else if (opts.tool && crashed(res)) reject(new ConvertRefused(limitReason(opts.tool, limits)));
      else resolve(res);
    });
  });
}

/** The last meaningful lines of a tool's error output, for a failure reason. */
export function lastLines(text: string, n = 3): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^warning:|javaldx/i.test(l))
    .slice(-n)
    .join('；')
    .slice(0, 300);
}
