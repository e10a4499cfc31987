import { z } from 'zod';

/* Reply shapes. moredoc omits zero values on the wire; these schemas describe the handler's data. */

/** `created_at`/`updated_at` of most rows (ISO strings). */
export const timestamps = { created_at: z.string(), updated_at: z.string() };

/** Reply fields of one type under many names: `...numbers('id', 'sort')` is `{ id: z.number(), sort: z.number() }`. */
const fieldsOf =
  <T extends z.ZodType>(make: () => T) =>
  <K extends string>(...keys: K[]) =>
    Object.fromEntries(keys.map((k) => [k, make()])) as { [P in K]: T };
export const numbers = fieldsOf(() => z.number());
export const strings = fieldsOf(() => z.string());
export const booleans = fieldsOf(() => z.boolean());
/** Fields the wire may leave out (moredoc omits zero values). */
export const optionalNumbers = fieldsOf(() => z.number().optional());
export const optionalStrings = fieldsOf(() => z.string().optional());

/** The reply of writes that answer nothing but success: `{}`. */
export const emptyReply = z.object({});

/** `{total, <key>: item[]}`, the list reply of most services. */
export const listReply = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ total: z.number(), ...({ [key]: z.array(item) } as { [P in K]: z.ZodArray<T> }) });

/** `{<key>: item[]}`: lists without a total. */
export const itemsReply = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item) } as { [P in K]: z.ZodArray<T> });

/** The error reply of every route (moredoc's): a gRPC-style `code`, and the message a user reads twice, as `message` and `error`. */
export const errorReply = z
  .object({ code: z.number(), message: z.string(), error: z.string() })
  .describe(
    '错误：code 为 gRPC 风格的错误码（3 参数错误、5 不存在、6 已存在、7 无权限、8 太频繁、16 未登录），message 与 error 是同一段中文说明',
  );

/** The error statuses a route may answer, each with the error reply (OpenAPI lists them with the success). */
export const errorReplies = {
  400: errorReply,
  401: errorReply,
  403: errorReply,
  404: errorReply,
  409: errorReply,
  429: errorReply,
};
