import { foldUsername } from '../../../contract/username.ts';
// the look-alike rule is still the one migration 011 froze: reused, not copied. The day it changes,
// fork it here (a copy of the frozen table, edited); the frozen file itself never changes.
import { replaceLookAlikes } from '../../db/migrations/frozen/username-keys-011.ts';

/**
 * The unique key of a name: its folded form with look-alikes replaced, so that names a reader
 * cannot tell apart (`admin`, `ADMIN`, full-width `Ａｄｍｉｎ`, Cyrillic `аdmin`; `paypal` and
 * `paypa1`) share one key and only the first of them can exist.
 */
export const usernameKey = (name: string): string => replaceLookAlikes(foldUsername(name));

/** Whether two names are the same name (not merely alike). */
export const sameUsername = (a: string, b: string): boolean => foldUsername(a) === foldUsername(b);
