import { createHash, pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { moredocHashFormat, verifyLegacyPassword } from '../../src/server/auth/legacy-password.ts';

describe('moredoc password hashes', () => {
  it("verifies moredoc's salted MD5 (md5$salt$md5(salt+password)) with a published example", async () => {
    const stored = 'md5$Ab3x$cf076eb55075df514aa672217fdda076'; // password mnt.ltd, salt Ab3x
    expect(await verifyLegacyPassword(stored, 'mnt.ltd')).toBe(true);
    expect(await verifyLegacyPassword(stored, 'mnt.ltd ')).toBe(false);
    expect(await verifyLegacyPassword(stored.replace('Ab3x', 'Ab3y'), 'mnt.ltd')).toBe(false);
  });

  it('accepts the other Django formats moredoc’s library checks, and refuses unusable ones', async () => {
    const md5 = createHash('md5').update('secret-1').digest('hex');
    expect(await verifyLegacyPassword(md5, 'secret-1')).toBe(true);
    expect(await verifyLegacyPassword(`md5$$${md5}`, 'secret-1')).toBe(true);
    const sha1 = createHash('sha1').update('s4ltsecret-1').digest('hex');
    expect(await verifyLegacyPassword(`sha1$s4lt$${sha1}`, 'secret-1')).toBe(true);
    const pbkdf2 = pbkdf2Sync('secret-1', 'NaCl', 1000, 32, 'sha256').toString('base64');
    expect(await verifyLegacyPassword(`pbkdf2_sha256$1000$NaCl$${pbkdf2}`, 'secret-1')).toBe(true);
    expect(await verifyLegacyPassword(`pbkdf2_sha256$1000$NaCl$${pbkdf2}`, 'secret-2')).toBe(false);
    for (const stored of ['', '!xxxxxxxx', 'bcrypt$$2b$12$abc', 'plain-text'])
      expect(await verifyLegacyPassword(stored, 'secret-1')).toBe(false);
    expect(moredocHashFormat('!x')).toBe('unusable');
    expect(moredocHashFormat('bcrypt$$2b$12$abc')).toBe('unsupported');
    expect(moredocHashFormat('$argon2id$v=19$m=1,t=1,p=1$a$b')).toBe('argon2id');
  });
});
