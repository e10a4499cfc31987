import { createHash, pbkdf2Sync, timingSafeEqual } from 'node:crypto';
import { verify as argon2Verify } from '@node-rs/argon2';

/**
 * Password hashes carried over from moredoc. moredoc writes Django's salted MD5 (`md5$<salt>$<hex>`,
 * hex = md5(salt + password)) and checks with the `unchained` library, which also accepts the other
 * Django formats a database filled from elsewhere may hold. Accepted here exactly when unchained
 * accepts them; bcrypt (no library here) is the one format left out. Such a hash is replaced with
 * argon2 at the first successful login.
 */

const same = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const digest = (alg: 'md5' | 'sha1', text: string) => createHash(alg).update(text, 'utf8').digest('hex');

export type LegacyFormat = 'argon2id' | 'moredoc' | 'unsupported' | 'unusable';

/** What kind of hash is stored: Wenku's own, one of these legacy ones, or one that never verifies. */
export function moredocHashFormat(stored: string): LegacyFormat {
  if (stored.startsWith('$argon2')) return 'argon2id';
  // Django marks accounts without a usable password with a leading '!'
  if (!stored || stored.startsWith('!')) return 'unusable';
  if (/^[0-9a-f]{32}$/i.test(stored)) return 'moredoc';
  const alg = stored.split('$', 1)[0];
  if (['md5', 'sha1', 'unsalted_md5', 'unsalted_sha1', 'pbkdf2_sha256', 'pbkdf2_sha1', 'argon2'].includes(alg ?? ''))
    return 'moredoc';
  return 'unsupported';
}

/** Whether `plain` matches a legacy hash (false for any other string). */
export async function verifyLegacyPassword(stored: string, plain: string): Promise<boolean> {
  if (moredocHashFormat(stored) !== 'moredoc') return false;
  // unsalted MD5: a bare 32-hex digest, or `md5$$<digest>`
  if (/^[0-9a-f]{32}$/i.test(stored)) return same(stored.toLowerCase(), digest('md5', plain));
  const parts = stored.split('$');
  const [alg] = parts;
  if (alg === 'md5' && parts.length === 3) {
    const [, salt, hex] = parts as [string, string, string];
    if (!salt) return same(hex, digest('md5', plain));
    return same(stored, `md5$${salt}$${digest('md5', salt + plain)}`);
  }
  if (alg === 'sha1' && parts.length === 3) return same(stored, `sha1$${parts[1]}$${digest('sha1', parts[1] + plain)}`);
  if (alg === 'unsalted_md5' && parts.length === 3) return same(parts[2], digest('md5', plain));
  if (alg === 'unsalted_sha1' && parts.length === 3) return same(parts[2], digest('sha1', plain));
  if ((alg === 'pbkdf2_sha256' || alg === 'pbkdf2_sha1') && parts.length === 4) {
    const [, iter, salt, b64] = parts as [string, string, string, string];
    const iterations = Number(iter);
    if (!Number.isInteger(iterations) || iterations < 1 || iterations > 10_000_000) return false;
    const hash = alg === 'pbkdf2_sha256' ? 'sha256' : 'sha1';
    const len = Buffer.from(b64, 'base64').length || (hash === 'sha256' ? 32 : 20);
    return same(b64, pbkdf2Sync(plain, salt, iterations, len, hash).toString('base64'));
  }
  if (alg === 'argon2') {
    // Django: `argon2` + the PHC string (`argon2$argon2id$v=19$m=…,t=…,p=…$salt$hash`)
    try {
      return await argon2Verify(stored.slice('argon2'.length), plain);
    } catch {
      return false;
    }
  }
  return false;
}
