/**
 * The zero template of a reply schema (zod 4), as `fillZero` (src/api/call.ts) reads it: a moredoc server
 * omits zero values (api-contract §1.2), so the browser fills each field the schema names with '' / 0 / false,
 * a list's items with the item's template (`[item]`), and anything else with null.
 */
import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  out?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  getter?: () => z.ZodType;
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The zero of a schema; `seen` stops a recursive schema (a tree's children) at its second visit. */
export function zeroTemplate(schema: z.ZodType, seen: Set<z.ZodType> = new Set()): unknown {
  if (seen.has(schema)) return null;
  const def = defOf(schema);
  const inner = (s: z.ZodType | undefined) => (s ? zeroTemplate(s, new Set([...seen, schema])) : null);
  switch (def.type) {
    case 'string':
    case 'date':
    case 'template_literal':
      return '';
    case 'number':
    case 'int':
    case 'bigint':
      return 0;
    case 'boolean':
      return false;
    case 'literal':
      return def.values?.[0] ?? null;
    case 'enum':
      return Object.values(def.entries ?? {})[0] ?? null;
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, inner(v)]));
    case 'record':
      return {};
    case 'array': {
      const item = inner(def.element);
      return item !== null && typeof item === 'object' ? [item] : [];
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return def.out && defOf(def.out).type !== 'transform' ? inner(def.out) : inner(def.in);
    case 'lazy':
      return inner(def.getter?.());
    case 'union':
      return inner(def.options?.[0]);
    default:
      // nullable, null, any, unknown, transform: nothing to fill in
      return null;
  }
}
