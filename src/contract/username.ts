/**
 * Username rules shared by the server and the forms. A name is shown as typed, but compared in
 * its folded form (NFKC + case folding), so `ADMIN`, `Ａｄｍｉｎ` and `admin` are one name.
 */

/**
 * Characters that let two names look alike or hide text: controls, format characters (zero-width
 * spaces and joiners, LRM/RLM, the bidi embeddings and overrides U+202A–U+202E and isolates
 * U+2066–U+2069, U+FEFF), every default-ignorable code point (soft hyphen, Hangul fillers,
 * variation selectors…), private-use, surrogate and unassigned code points, the blank Braille
 * pattern, and any white space other than the plain space.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Default_Ignorable_Code_Point}\u2800]|[^\S ]/u;

export const USERNAME_HIDDEN_CHARS = '用户名不能包含不可见字符、控制字符或文字方向控制符';

export const hasHiddenChars = (name: string): boolean => HIDDEN.test(name);

/**
 * The comparison form of a name: compatibility-normalised (full-width and styled letters become
 * plain ones) and case-folded (upper- then lower-casing also folds ß to ss and final sigma).
 */
export const foldUsername = (name: string): string =>
  name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC').replace(/ {2,}/g, ' ').trim();
