import { randomBytes } from 'node:crypto';
import type { Database } from '../db/db.ts';

export const randomSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Returns the named secret, creating a random one the first time; never a fixed default. */
export async function ensureSecret(db: Database, name: string): Promise<string> {
  const row = await db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (row) return row.value;
  const value = randomSecret();
  await db
    .insertInto('secrets')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const again = await db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return again.value;
}
