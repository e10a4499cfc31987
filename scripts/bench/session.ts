// Sessions for the benchmarks' calls, signed as the server signs them (the bench site asks a
// captcha at sign-in, which a script cannot answer).
import { ensureSecret } from '../../src/server/auth/secrets.ts';
import { TokenService } from '../../src/server/auth/jwt.ts';
import { openDatabase, type Database } from '../../src/server/db/db.ts';

/** A bearer token of the user `id`, signed with the database's secret. */
export async function signedToken(db: Database, id: number): Promise<string> {
  const tokens = new TokenService(await ensureSecret(db, 'jwt'));
  // a session is signed with the account's token_version (a password change ends older ones)
  const { token_version } = await db.selectFrom('users').select('token_version').where('id', '=', id).executeTakeFirstOrThrow();
  return (await tokens.issue(id, token_version)).token;
}

/** A bearer token of the user `username` on the database at `databaseUrl`. */
export async function sessionToken(databaseUrl: string, username: string): Promise<string> {
  const db = openDatabase(databaseUrl);
  try {
    const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    return await signedToken(db, user.id);
  } finally {
    await db.destroy();
  }
}
