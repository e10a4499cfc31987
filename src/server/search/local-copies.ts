import type { Database } from '../db/db.ts';
import { dialectOf } from '../db/dialect.ts';
import type { StoreClock } from './facet-store.ts';
import { LocalCopy } from './local-copy.ts';

/** The local copy of each database's index this process keeps (PostgreSQL; local-copy.ts). */
const copies = new WeakMap<object, LocalCopy>();

/**
 * Starts the local copy of `db`'s index in `dir` (PostgreSQL; none on SQLite, whose index is local
 * already, or without a `dir`): searches use it once it is ready. `failed` hears why it was given
 * up (searches then read PostgreSQL's index, as without one).
 */
export function startLocalCopy(
  db: Database,
  dir: string | undefined,
  failed: (err: unknown) => void,
  clock?: StoreClock,
): LocalCopy | undefined {
  if (!dir || dialectOf(db) !== 'postgres') return undefined;
  void copies.get(db)?.stop();
  const copy = new LocalCopy(db, clock);
  copy.gaveUp = failed;
  copies.set(db, copy);
  copy.opened = copy.open(dir).catch((err: unknown) => copy.giveUp(err));
  return copy;
}

/** The local copy started for `db`, if any. */
export const localCopyOf = (db: object): LocalCopy | undefined => copies.get(db);
