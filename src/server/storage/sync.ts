import { open } from 'node:fs/promises';

/**
 * fsync for files Wenku stores (never for the SQLite database or its -wal/-shm: closing a descriptor
 * of those would drop SQLite's locks; SQLite syncs them itself).
 */
export async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a rename or a new name in `dir` durable: the directory entry itself is synced. */
export const syncDir = syncFile;
