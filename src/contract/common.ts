import { z } from 'zod';
import { zhCN } from 'zod/locales';

// Fallback validation messages in Chinese; schemas still give their own where a user reads them.
z.config(zhCN());

/** A query parameter that may repeat (`?id=1&id=2`) or appear once. */
export const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]), z.array(item).optional());

export const id = z.coerce.number().int().min(0);
export const ids = repeated(z.coerce.number().int().positive());

/** Query booleans accept true/false/1/0 as moredoc does. */
export const queryBool = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

export const pageQuery = z.object({
  page: z.coerce.number().int().optional(),
  size: z.coerce.number().int().optional(),
  wd: z.string().optional(),
  field: repeated(z.string()),
  order: z.string().optional(),
  sort: z.string().optional(),
  limit: z.coerce.number().int().optional(),
});

export const idQuery = z.object({ id: z.coerce.number().int().min(0).optional() });
export const idsQuery = z.object({ id: ids });

export const empty = z.object({}).strict().or(z.object({}));

export type PageQuery = z.infer<typeof pageQuery>;
