import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommended minimum).
export const hashPassword = (plain: string): Promise<string> => hash(plain);

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}
