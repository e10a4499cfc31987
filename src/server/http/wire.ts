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

/** Integer 0/1 columns to wire booleans; a column the row lacks (a select of some columns) stays absent. */
export function bools(row: object, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const k of keys) if (k in out) out[k] = Boolean(out[k]);
  return out;
}

export const flag = (b: boolean | undefined): number => (b ? 1 : 0);
