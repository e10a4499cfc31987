// The small process that starts the converter's tools for the server (spawner.ts). It has no state of
// its own: each message starts one tool (tool-process.ts) and is answered with its pid, then its end.
import { runHere, type ToolExit, type ToolStart } from './tool-process.ts';

export type SpawnRequest = ToolStart & { id: number };
export type SpawnReport =
  | { id: number; pid: number | undefined }
  | { id: number; exit: ToolExit }
  | { id: number; error: { message: string; code?: string } };

const report = (r: SpawnReport) => process.send?.(r);

// the server is gone (even by kill -9): its tools' group leaders get SIGTERM as this process ends
process.on('disconnect', () => process.exit(0));

process.on('message', (req: SpawnRequest) => {
  runHere(req, (pid) => report({ id: req.id, pid })).then(
    (exit) => report({ id: req.id, exit }),
    (err: NodeJS.ErrnoException) => report({ id: req.id, error: { message: err.message, code: err.code } }),
  );
});
