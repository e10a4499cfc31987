import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { z, ZodType } from 'zod';
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
  const issue = parsed.error.issues.find((i) => !omitted(i, data, []));
  return issue ? `${issue.path.map(String).join('.') || '(根)'}: ${issue.message}` : null;
}

/** The issue is only about zero values left out; a union passes when one of its branches does. */
function omitted(issue: z.core.$ZodIssue, data: unknown, at: PropertyKey[]): boolean {
  const path = [...at, ...issue.path];
  if (issue.code === 'invalid_union') return issue.errors.some((branch) => branch.every((i) => omitted(i, data, path)));
  return valueAt(data, path) === undefined;
}

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let v = data;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
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
