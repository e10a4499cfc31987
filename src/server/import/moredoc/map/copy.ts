import { stamps, ts, tsOr, type ImportContext } from '../context.ts';
import { bool, int, str, type Row } from '../source.ts';
import type { TableStep } from '../write.ts';

/**
 * The columns a Wenku table takes over as they are from the moredoc column of the same name, by
 * how they are read: `on` is a switch that counts as on when moredoc has no value.
 */
export interface Columns {
  int?: readonly string[];
  str?: readonly string[];
  bool?: readonly string[];
  on?: readonly string[];
  time?: readonly string[];
}

/** The values of a moredoc row's plain columns, with its created_at and updated_at. */
export function copyColumns(r: Row, ctx: ImportContext, columns: Columns): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of columns.int ?? []) out[k] = int(r, k);
  for (const k of columns.str ?? []) out[k] = str(r, k);
  for (const k of columns.bool ?? []) out[k] = bool(r, k);
  for (const k of columns.on ?? []) out[k] = bool(r, k, 1);
  for (const k of columns.time ?? []) out[k] = ts(ctx, r[k]);
  return { ...out, ...stamps(ctx, r) };
}

/**
 * What a step writes beside a row's copied columns (renamed, checked or derived values, which win over
 * a copied one of the same name); `null` leaves the row out, and the function reports why.
 */
export type RowExtras = (r: Row, ctx: ImportContext) => Record<string, unknown> | null;

/** A step that copies every row of a moredoc table column by column, with what `extras` adds or leaves out. */
export const copyStep = (step: Omit<TableStep, 'map'>, columns: Columns, extras?: RowExtras): TableStep => ({
  ...step,
  map: (rows, ctx) =>
    rows.flatMap((r) => {
      const more = extras ? extras(r, ctx) : {};
      return more ? [{ ...copyColumns(r, ctx, columns), ...more }] : [];
    }),
});

/** A step that copies a link table: the ids of its key and when the link was made. */
export const linkStep = (step: Omit<TableStep, 'map'>): TableStep => ({
  ...step,
  map: (rows, ctx) =>
    rows.map((r) => ({ ...Object.fromEntries(step.key.map((k) => [k, int(r, k)])), created_at: tsOr(ctx, r.created_at) })),
});
