/** The antd form rules the member and admin forms share: one wording and one check per kind of field. */
import type { FormRule } from 'antd';

/** A field that must be filled in or chosen. */
export const requiredField = (message: string): FormRule[] => [{ required: true, message }];

/** A required text (blank counts as missing) and, with `max`, its length limit and what to say past it. */
export const requiredText = (message: string, max?: number, maxMessage?: string): FormRule[] => [
  { required: true, whitespace: true, message },
  ...(max === undefined ? [] : [{ max, message: maxMessage }]),
];

/** A required e-mail address. */
export const EMAIL_RULES: FormRule[] = [
  { required: true, message: '请输入邮箱' },
  { type: 'email', message: '邮箱格式不正确' },
];

/** A rule for an optional text: when it is given, its trimmed value must pass `test`. */
export const givenMustPass = (test: (v: string) => boolean, message: string): FormRule => ({
  validator: async (_, v: string) => (!v?.trim() || test(v.trim()) ? undefined : Promise.reject(new Error(message))),
});

/**
 * A field typed again to confirm (the new password, the user's name before a change to their account): required,
 * and equal to what `expected` reads when the form checks it. An empty field gets only `prompt`.
 */
export const sameAs = (prompt: string, expected: () => unknown, mismatch: string): FormRule[] => [
  { required: true, message: prompt },
  { validator: async (_, v: unknown) => (!v || v === expected() ? undefined : Promise.reject(new Error(mismatch))) },
];
