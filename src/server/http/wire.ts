/**
 * moredoc's JSON omits every zero value (false, 0, "", empty arrays, null).
 * Clients fill defaults, so we encode the same way to stay wire-compatible.
 */
export function omitEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(omitEmpty);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === null || v === undefined || v === false || v === 0 || v === '') continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = omitEmpty(v);
  }
  return out;
}

/** Integer 0/1 columns to wire booleans. */
export function bools<T extends Record<string, unknown>>(row: T, keys: readonly (keyof T)[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const k of keys) out[k as string] = Boolean(row[k]);
  return out as T;
}

export const flag = (b: boolean | undefined): number => (b ? 1 : 0);

/** A row, or the columns of one a list picked, on the wire: its 0/1 `enable` column as a boolean. */
export function enableAsBoolean<R extends { enable?: number }>(row: R): Omit<R, 'enable'> & { enable?: boolean } {
  const { enable, ...rest } = row;
  return 'enable' in row ? { ...rest, enable: Boolean(enable) } : rest;
}
