import { readdirSync, readFileSync } from 'node:fs';

/** What /proc/<pid>/stat says of a process the tests started or watch. */
export interface ProcessInfo {
  pid: number;
  comm: string;
  /** R, S, D, Z, … */
  state: string;
  ppid: number;
  pgid: number;
}

/** A process as /proc says now, or null once it has been reaped (or never was). */
export function processInfo(pid: number): ProcessInfo | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // the command name is in parentheses and may itself hold spaces or ')': the fields follow the last one
  const close = stat.lastIndexOf(')');
  const [state, ppid, pgid] = stat.slice(close + 2).split(' ');
  return { pid, comm: stat.slice(stat.indexOf('(') + 1, close), state: state!, ppid: Number(ppid), pgid: Number(pgid) };
}

/** Every live (not zombie) process of this machine. */
export function processes(): ProcessInfo[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => processInfo(Number(name)))
    .filter((p): p is ProcessInfo => p !== null && p.state !== 'Z');
}
