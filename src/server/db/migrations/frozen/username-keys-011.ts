import type { Kysely } from 'kysely';

/**
 * The username keys of migration 011, frozen as they were when it was written
 * (contract/username.ts, modules/user/username.ts and username-keys.ts of that time): a later
 * change to the live rules must not change the keys this migration gives the users it finds.
 * The live code reuses the parts whose rule is still the same (it forks them the day it changes).
 */

/** NFKC + case folding, runs of spaces as one, trimmed. */
const foldUsername = (name: string): string =>
  name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC').replace(/ {2,}/g, ' ').trim();

/**
 * Letters of other scripts (and digits) that look like a Latin letter, after folding. Drawn from
 * Unicode's confusables (UTS #39) for Cyrillic and Greek; a letter whose capital is the look-alike
 * (Cyrillic в → B, Greek η → H) maps by its capital, since a name is shown as typed.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ү: 'y',
  ѵ: 'v',
  ь: 'b',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  ζ: 'z',
  η: 'h',
  ι: 'i',
  κ: 'k',
  μ: 'm',
  ν: 'n',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  τ: 't',
  υ: 'y',
  χ: 'x',
  ϲ: 'c',
  ϳ: 'j',
  // Latin and digits
  ı: 'i',
  ɡ: 'g',
  ǀ: 'l',
  '0': 'o',
  '1': 'l',
};

/** Letter pairs that read as one letter (UTS #39: rn → m, vv → w). */
const PAIRS: Array<[RegExp, string]> = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

/**
 * A folded name with look-alikes replaced. The live rule (modules/user/username.ts) reuses this
 * while it is still the same; the day it changes, it forks there and this stays as it was.
 */
export function replaceLookAlikes(folded: string): string {
  let key = [...folded].map((c) => LOOK_ALIKES[c] ?? c).join('');
  for (const [pair, letter] of PAIRS) key = key.replace(pair, letter);
  return key;
}

/** The folded name with look-alikes replaced. */
const usernameKey = (name: string): string => replaceLookAlikes(foldUsername(name));

/**
 * The keys a list of users (oldest first) should have: names that clash get, after the first,
 * a key no typed name can have (a newline is refused); only the keys that differ from the stored
 * ones are listed. Reused by the live assignment (modules/user/username-keys.ts) with its key rule.
 */
export function keyChanges(
  rows: ReadonlyArray<{ id: number; username: string; username_key: string | null }>,
  keyOf: (name: string) => string,
): Array<{ id: number; key: string }> {
  const taken = new Set<string>();
  const changed: Array<{ id: number; key: string }> = [];
  for (const r of rows) {
    let key = keyOf(r.username);
    if (taken.has(key)) key = `${key}\n${r.id}`;
    taken.add(key);
    if (key !== r.username_key) changed.push({ id: r.id, key });
  }
  return changed;
}

/**
 * Sets every user's `username_key` from the name. Names that clashed before keys existed all stay
 * usable: the younger row gets a key no typed name can have (a newline is refused), so only the
 * oldest answers to the name in other spellings. Runs in the migration's transaction where there
 * is one (PostgreSQL), else in its own; only rows whose key changes are written.
 */
export async function assignUsernameKeys(db: Kysely<any>): Promise<number> {
  const inTransaction = <T>(fn: (trx: Kysely<any>) => Promise<T>) => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  return inTransaction(async (trx) => {
    const rows: Array<{ id: number; username: string; username_key: string | null }> = await trx
      .selectFrom('users')
      .select(['id', 'username', 'username_key'])
      .orderBy('id')
      .execute();
    const changed = keyChanges(rows, usernameKey);
    // clear first: a row may take the key another changed row still holds (unique index)
    for (let i = 0; i < changed.length; i += 500) {
      const ids = changed.slice(i, i + 500).map((c) => c.id);
      await trx.updateTable('users').set({ username_key: null }).where('id', 'in', ids).execute();
    }
    for (const c of changed) await trx.updateTable('users').set({ username_key: c.key }).where('id', '=', c.id).execute();
    return changed.length;
  });
}
