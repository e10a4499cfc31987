import { ConvertAborted, ConvertRefused } from './errors.ts';
import type { Job } from './job.ts';
import { startTool } from './spawner.ts';
import type { ToolExit } from './tool-process.ts';
import { limitPrefix, limitReason, parentDeathPrefix, toolLimits } from './sandbox.ts';
import { childEnv, which } from './tools.ts';

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
  /**
   * The tool starts no processes of its own (MuPDF): the parent-death signal goes to it directly and no
   * `timeout` leads its group. One exec fewer per run (~4 ms of CPU on a small VM).
   */
  oneProcess?: boolean;
}

export type RunResult = ToolExit;

/** Minutes as shown in the timeout reason. */
export const timeoutReason = (timeoutMs: number): string => {
  const minutes = timeoutMs / 60_000;
  return `文档转换超时（超过 ${Number.isInteger(minutes) ? minutes : minutes.toFixed(2)} 分钟）`;
};

/**
 * What leads the tool's group. coreutils `timeout`: told by the kernel when the process that started it
 * dies (the tool starter, which ends with this process, even on `kill -9`), it signals the whole group,
 * and SIGKILLs it 2 s later, so a killed worker leaves no converter behind. A tool that starts no
 * processes is told directly (the signal survives `prlimit`'s exec) and ends on it.
 */
function groupLeader(opts: RunOptions): string[] {
  const timeout = which('timeout');
  if (opts.oneProcess || !timeout) return parentDeathPrefix();
  return [...parentDeathPrefix(), timeout, '-k', '2', '-s', 'KILL', `${Math.ceil(opts.timeoutMs / 1000) + 10}s`];
}

/** Died of a signal, directly or as a shell reports it (128 + signal). */
const crashed = (res: RunResult) => res.signal !== null || (res.code ?? 0) > 128;

/**
 * Runs a tool in its own process group, under the memory and CPU limits (sandbox.ts), with only the
 * environment given. On timeout or abort the whole group is killed (LibreOffice and Calibre start helper
 * processes); after a normal exit, left-over helpers of the group are killed too. When `tool` is given,
 * a death by signal (a limit was hit) rejects with ConvertRefused. Started from the small tool starter
 * process (spawner.ts), which ends with this one.
 */
export function runTool(cmd: string, args: string[], opts: RunOptions): Promise<RunResult> {
  const limits = toolLimits();
  const argv = [...groupLeader(opts), ...limitPrefix(limits), ...(opts.prefix ?? []), cmd, ...args];
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new ConvertAborted('转换已停止'));
    const run = startTool({ argv, cwd: opts.cwd, env: opts.env });
    let ended: 'timeout' | 'abort' | null = null;
    const stop = (why: 'timeout' | 'abort') => {
      ended ??= why;
      run.kill();
    };
    const timer = setTimeout(() => stop('timeout'), opts.timeoutMs);
    const onAbort = () => stop('abort');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    run.exit.then(
      (res) => {
        done();
        if (ended === 'timeout') reject(new ConvertRefused(timeoutReason(opts.timeoutMs)));
        else if (ended === 'abort') reject(new ConvertAborted('转换已停止'));
        else if (opts.tool && crashed(res)) reject(new ConvertRefused(limitReason(opts.tool, limits)));
        else resolve(res);
      },
      (err: Error) => {
        done();
        reject(err);
      },
    );
  });
}

/** A MuPDF command (`mutool …`) in a job's folder, with its environment, timeout and stop signal. */
export const runMutool = (mutool: string, args: string[], job: Job): Promise<RunResult> =>
  runTool(mutool, args, {
    timeoutMs: job.timeoutMs,
    cwd: job.dir,
    env: childEnv(job.dir),
    signal: job.signal,
    tool: 'MuPDF',
    oneProcess: true,
  });

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
