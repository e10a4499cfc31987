import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { ZodType } from 'zod';
import { internal } from './errors.ts';

/**
 * The path of the first place where `data` breaks `schema`, or null when it fits. The reply has been
 * through `omitEmpty` (wire.ts) by now, so a key that is absent stands for a zero value and is not a
 * mismatch; a present value of the wrong type is. Extra keys are allowed: the check guards the
 * contract's fields, the wire keeps whatever the handler sent.
 */
export function replyMismatch(schema: ZodType, data: unknown): string | null {
  const parsed = schema.safeParse(data);
  if (parsed.success) return null;
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    if (valueAt(data, path) === undefined) continue;
    return `${path.join('.') || '(根)'}: ${issue.message}`;
  }
  return null;
}

function valueAt(data: unknown, path: string[]): unknown {
  let v = data;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/**
 * Replies go out exactly as the handler made them (no keys stripped, nothing coerced): the response
 * schemas document the contract and type the handlers. With `check` on (tests, development) a reply
 * that breaks its schema fails the request with a 500 naming the route and the path of the mismatch.
 */
export const replySerializer =
  (check: boolean): FastifySerializerCompiler<unknown> =>
  ({ schema, method, url }) => {
    if (!check || !schema || typeof (schema as ZodType).safeParse !== 'function') return (data) => JSON.stringify(data);
    return (data) => {
      const mismatch = replyMismatch(schema as ZodType, data);
      if (mismatch) throw internal(`回复不符合接口契约（${method} ${url}）：${mismatch}`);
      return JSON.stringify(data);
    };
  };
