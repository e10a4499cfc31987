import { hash, verify } from '@node-rs/argon2';
import { verifyLegacyPassword } from './legacy-password.ts';

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum).
export const hashPassword = (plain: string): Promise<string> => hash(plain);

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  // hashes imported from moredoc (see legacy-password.ts); replaced at the next login
  if (!stored.startsWith('$argon2')) return verifyLegacyPassword(stored, plain);
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** A stored hash that is not Wenku's own argon2 (an imported moredoc hash) is replaced after a good login. */
export const needsRehash = (stored: string): boolean => !stored.startsWith('$argon2');
