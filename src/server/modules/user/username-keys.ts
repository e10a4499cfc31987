import type { Kysely } from 'kysely';
import { UsernameKeyRepo } from './username-key.repo.ts';
import { usernameKey } from './username.ts';
// the clash rule is still the one migration 011 froze: reused with the live key; fork it here the day it changes
import { keyChanges } from '../../db/migrations/frozen/username-keys-011.ts';

/**
 * Sets every user's `username_key` from the name, for rows written without the repository (the
 * migration that adds the column, the moredoc import). Names that clashed before keys existed
 * (only by case, width or look-alike letters) all stay usable: the younger row gets a key no typed
 * name can have (a newline is refused), so only the oldest answers to the name in other spellings.
 * Runs in one transaction; only rows whose key changes are written.
 */
export async function assignUsernameKeys(db: Kysely<any>): Promise<number> {
  // a migration already runs in a transaction (on PostgreSQL)
  const inTransaction = <T>(fn: (trx: Kysely<any>) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  return inTransaction(async (trx) => {
    const users = new UsernameKeyRepo(trx);
    const rows = await users.all();
    const changed = keyChanges(rows, usernameKey);
    if (!changed.length) return 0;
    // clear first: a row may take the key another changed row still holds (unique index)
    for (let i = 0; i < changed.length; i += 500) {
      const ids = changed.slice(i, i + 500).map((c) => c.id);
      await users.clear(ids);
    }
    for (const c of changed) await users.set(c.id, c.key);
    return changed.length;
  });
}
