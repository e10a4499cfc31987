import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createBackup, type BackupConfig } from '../../backup/write.ts';

/**
 * A backup on a thread of its own: the snapshot, the hashing and the archive never hold the
 * server's event loop. The thread opens its own connection (SQLite's own open and close, which
 * keep the server connection's locks; PostgreSQL a pool of its own).
 */
const { config } = workerData as { config: BackupConfig };
// lowest CPU priority for this thread only (Linux sets a thread's own niceness): the requests the
// server answers meanwhile come first, the backup takes what is left
try {
  setPriority(19);
} catch {
  /* not allowed here: the backup runs at normal priority */
}
try {
  const result = await createBackup(config);
  parentPort!.postMessage({ ok: true, file: result.file, bytes: result.bytes });
} catch (err) {
  parentPort!.postMessage({ ok: false, message: (err as Error).message });
}
