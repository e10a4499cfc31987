import { fork, type ChildProcess } from 'node:child_process';
import type { SpawnReport, SpawnRequest } from './spawner.child.ts';
import { killGroup, runHere, type ToolExit, type ToolStart } from './tool-process.ts';

/**
 * Starts the converter's tools from a small helper process (spawner.child.ts) instead of the server.
 * Node starts a process by fork(), which copies the page tables of the whole server and holds its
 * event loop meanwhile: measured on a 2-core VM, 5 ms per start from a 53 MB process and 15 ms from
 * a 366 MB one, on the main thread, four or five times per conversion. The helper is started when
 * first needed and ends after a while without work, or with the server. When it cannot be started,
 * tools are started here.
 */

/** A tool being run: its group can be killed at any time, also before its pid is known. */
export interface ToolRun {
  exit: Promise<ToolExit>;
  kill(): void;
}

const IDLE_MS = 30_000;

interface Open {
  /** the helper it was sent to: a helper that ends fails only its own runs */
  helper: ChildProcess;
  pid?: number;
  killed: boolean;
  done: (exit: ToolExit) => void;
  fail: (err: Error) => void;
}

let helper: ChildProcess | null = null;
let idle: NodeJS.Timeout | undefined;
let nextId = 0;
const open = new Map<number, Open>();

function startHelper(): ChildProcess | null {
  try {
    const child = fork(new URL('./spawner.child.ts', import.meta.url), [], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (r: SpawnReport) => onReport(r));
    const gone = (why: string) => {
      if (helper === child) helper = null;
      // after an IPC error it may still run: it ends once disconnected, and never holds this process
      if (child.connected) child.disconnect();
      child.unref();
      for (const [id, o] of open) {
        if (o.helper !== child) continue;
        open.delete(id);
        killGroup(o.pid); // its tools were told too (setpriv --pdeathsig); this also ends their helpers
        o.fail(new Error(`tool starter ${why}`));
      }
      settle();
    };
    child.once('exit', (code) => gone(`exited with code ${code}`));
    child.once('error', (err) => gone(err.message));
    return child;
  } catch {
    return null;
  }
}

function onReport(r: SpawnReport): void {
  const o = open.get(r.id);
  if (!o) return;
  if ('pid' in r) {
    o.pid = r.pid;
    if (o.killed) killGroup(o.pid);
    return;
  }
  open.delete(r.id);
  settle();
  if ('exit' in r) o.done(r.exit);
  else o.fail(Object.assign(new Error(r.error.message), { code: r.error.code }));
}

/** Keeps the process alive only while a tool runs; an idle helper ends after IDLE_MS. */
function settle(): void {
  const child = helper;
  if (!child) return;
  clearTimeout(idle);
  if (open.size) {
    child.ref();
    child.channel?.ref();
    return;
  }
  child.unref();
  child.channel?.unref();
  idle = setTimeout(() => {
    if (!open.size && helper === child) {
      helper = null;
      child.disconnect();
    }
  }, IDLE_MS);
  idle.unref();
}

export function startTool(start: ToolStart): ToolRun {
  helper ??= startHelper();
  if (!helper?.connected) return startHere(start);
  const id = nextId++;
  const o: Open = { helper, killed: false, done: () => {}, fail: () => {} };
  const exit = new Promise<ToolExit>((done, fail) => Object.assign(o, { done, fail }));
  open.set(id, o);
  settle();
  const req: SpawnRequest = { id, ...start };
  helper.send(req);
  return {
    exit,
    kill: () => {
      o.killed = true;
      killGroup(o.pid);
    },
  };
}

function startHere(start: ToolStart): ToolRun {
  let pid: number | undefined;
  return { exit: runHere(start, (p) => (pid = p)), kill: () => killGroup(pid) };
}
