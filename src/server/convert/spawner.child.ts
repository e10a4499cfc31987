// The small process that starts the converter's tools for the server (spawner.ts). It has no state of
// its own: each message starts one tool (tool-process.ts) and is answered with its pid, then its end.
import { setPriority } from 'node:os';
import { TOOL_NICENESS } from './sandbox.ts';
import { runHere, type ToolExit, type ToolStart } from './tool-process.ts';

export type SpawnRequest = ToolStart & { id: number };
export type SpawnReport =
  | { id: number; pid: number | undefined }
  | { id: number; exit: ToolExit }
  | { id: number; error: { message: string; code?: string } };

const report = (r: SpawnReport) => process.send?.(r);

// every tool started from here inherits it: one `nice` fewer per tool (an exec costs ~4 ms on a small VM)
setPriority(TOOL_NICENESS);

// the server is gone (even by kill -9): its tools' group leaders get SIGTERM as this process ends
process.on('disconnect', () => process.exit(0));

process.on('message', (req: SpawnRequest) => {
  runHere(req, (pid) => report({ id: req.id, pid })).then(
    (exit) => report({ id: req.id, exit }),
    (err: NodeJS.ErrnoException) => report({ id: req.id, error: { message: err.message, code: err.code } }),
  );
});
