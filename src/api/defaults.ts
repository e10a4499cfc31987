/**
 * Defaults for wire objects that the endpoint table's zero templates do not cover: the search
 * answers (api/search.ts) normalise their hits with these. Every other reply is filled by `call()`.
 * Unknown keys are kept.
 */

/** `defaults` overlaid with every non-null value of `raw`; arrays in `defaults` are copied. */
export function fill<T extends object>(defaults: T, raw: unknown): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(defaults as Record<string, unknown>)) out[k] = Array.isArray(v) ? [...(v as unknown[])] : v;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [k, v] of Object.entries(raw)) if (v !== undefined && v !== null) out[k] = v;
  }
  return out as T;
}

/** `raw` as an array of normalised items; anything that is not an array becomes []. */
export function fillList<T>(raw: unknown, normalize: (item: unknown) => T): T[] {
  return Array.isArray(raw) ? raw.map(normalize) : [];
}
