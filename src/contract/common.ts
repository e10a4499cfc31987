import { z } from 'zod';
import { optionalStrings } from './reply.ts';
import { zhCN } from 'zod/locales';

// Fallback validation messages in Chinese; schemas still give their own where a user reads them.
z.config(zhCN());
// In the browser zod would probe `Function('')` for its compiled parsers: the site's CSP forbids eval
// (and reports the probe as a violation), so the pages use the interpreted parsers from the start.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** Most ids one batch request may name: keeps every `IN (…)` list far below the databases' parameter limits. */
export const MAX_BATCH = 1000;
export const BATCH_TOO_LARGE = `一次最多操作${MAX_BATCH}条`;

const DECIMAL = /^-?\d+$/;

/**
 * An integer from a query string or a JSON body: a number, or a string of decimal digits. Unlike
 * `z.coerce.number()` it refuses `0x10`, `" 1 "`, `1e3` and `true` (an admin delete with `id=0x10`
 * once deleted document 16); `''` and `null` count as absent. The one home of that rule: wrap the
 * number schema, e.g. `integer(z.number().int().positive('请指定文档'))`.
 */
export const integer = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v), schema);

/** A query parameter that may repeat (`?id=1&id=2`) or appear once; at most MAX_BATCH values. */
export const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]),
    z.array(item).max(MAX_BATCH, BATCH_TOO_LARGE).optional(),
  );

/** A positive id; `message` when it is missing or not one. */
export const positiveId = (message?: string) => integer(z.number({ error: message }).int(message).positive(message));

/** A JSON array of ids (batch actions): at most MAX_BATCH. */
export const idArray = (message?: string) => z.array(positiveId(message), { error: message }).max(MAX_BATCH, BATCH_TOO_LARGE);
/** A JSON array of at least one id, at most MAX_BATCH. */
export const idList = (message: string) => idArray(message).min(1, message);

export const id = integer(z.number().int().min(0));
export const ids = repeated(positiveId());

/**
 * One line of text (titles, names): control characters — CR/LF and tabs included — become one
 * space, then the text is trimmed. Chain length rules as on any string.
 */
export const lineText = (params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .overwrite((s) => s.replace(/[\u0000-\u001f\u007f]+/g, ' '))
    .trim();

/** Query booleans accept true/false/1/0 as moredoc does. */
export const queryBool = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

/** `page` and `size` of every paged list (the services clamp them). */
export const paging = { page: integer(z.number().int().optional()), size: integer(z.number().int().optional()) };
/** A list paged by `page`/`size` alone. */
export const pageOnly = z.object(paging);
/** `field`: the columns a list reply is cut to (moredoc's `field=id&field=title`). */
export const fieldFilter = { field: repeated(z.string()) };
/** A paged list searched by the keyword `wd`, with the list's own filters in `extra`. */
export const pagedQuery = <T extends z.ZodRawShape>(extra: T) => z.object({ ...paging, wd: z.string().optional(), ...extra });

export const pageQuery = pagedQuery({
  ...fieldFilter,
  ...optionalStrings('order', 'sort'),
  limit: integer(z.number().int().optional()),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const idQuery = z.object({ id: integer(z.number().int().min(0).optional()) });
export const idsQuery = z.object({ id: ids });

export const empty = z.object({}).strict().or(z.object({}));

/** The reply shapes live in reply.ts; services import them from here as well. */
export { emptyReply, itemsReply, listReply, timestamps } from './reply.ts';
