// Memory of the processes a benchmark started.
import { execFileSync } from 'node:child_process';

/** Resident memory of every process below this one (servers, renderers, their children), MB. */
export function childrenRssMb(): number {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of rows)
      if (mine.has(ppid) && !mine.has(pid)) {
        mine.add(pid);
        grew = true;
      }
  }
  return rows.filter(([pid]) => pid !== process.pid && mine.has(pid)).reduce((s, [, , rss]) => s + rss, 0) / 1024;
}
