/**
 * How long written texts may be: the contract's schemas refuse what is longer (or shorter), the browser
 * forms check the same before sending. Browser-safe and zod-free, so the page scripts and islands take
 * the numbers from here rather than from the contract.
 */

/** The 名称 of a back-office row (navigation, user group, permission, friend link), in UTF-16 units. */
export const ROW_TITLE_MAX = 64;

/** A comment's 评论内容, in characters. */
export const COMMENT_MAX_LENGTH = 500;

/**
 * The feedback form's fields (name and contact in UTF-16 units, as an input's `maxlength` counts;
 * content in characters) and the back office's 回复.
 */
export const FEEDBACK_LIMITS = { name: 32, contact: 64, contentMin: 5, contentMax: 1000, reply: 1000 } as const;

/** A written text's length as the limits in characters count it: code points of the trimmed text (an emoji is one). */
export const charCount = (text: string): number => [...text.trim()].length;

/** The refusal of a text longer than `max` characters: `评论内容最多500个字`. */
export const tooLong = (label: string, max: number): string => `${label}最多${max}个字`;

/** The refusal of a text shorter than `min` characters: `反馈内容至少5个字`. */
export const tooShort = (label: string, min: number): string => `${label}至少${min}个字`;
