/**
 * Calls of the endpoint table (src/contract), as the generated projection in src/api/generated/ declares them:
 * `call(friendlinkList, { page: 1 })` sends the query or body its entry takes and answers the reply its entry
 * declares, every zero value a moredoc server left out filled in from the reply's zero template.
 */
import type { z } from 'zod';
import type { Endpoint, HttpMethod } from '../contract/endpoint.ts';
import { mapOk, pageOf, request, type ApiResult } from './http.ts';

/** What the browser sends for a schema: the input type, but the parsed type where the input is anything (preprocessed numbers, lists). */
export type WireInput<S> = S extends z.ZodType
  ? {
      [K in keyof z.input<S>]: unknown extends z.input<S>[K]
        ? K extends keyof z.output<S>
          ? z.output<S>[K]
          : unknown
        : z.input<S>[K];
    }
  : undefined;

/** A reply after its zero values are filled in: every field present. */
export type Filled<T> = T extends readonly (infer U)[] ? Filled<U>[] : T extends object ? { [K in keyof T]-?: Filled<T[K]> } : T;

/** One call of the projection: method, path and the zero template of its reply; the types ride along. */
export interface Call<Q, B, R> {
  readonly method: HttpMethod;
  readonly path: string;
  /** the reply's zero values: an object's fields, a list's item as its one element (`[item]`), '' 0 false, null for anything */
  readonly zero?: unknown;
  readonly types?: { query: Q; body: B; reply: R };
}

export type CallOf<E> =
  E extends Endpoint<infer R, infer Q, infer B> ? Call<WireInput<Q>, WireInput<B>, Filled<z.output<R>>> : never;

/**
 * One call of a generated service file, typed by its contract entry: `callEntry<Calls, 'list'>(method, path, zero)`.
 * Declared free of side effects so a page's bundle keeps only the calls it uses.
 */
/* @__NO_SIDE_EFFECTS__ */
export function callEntry<T, K extends keyof T>(method: HttpMethod, path: string, zero?: unknown): CallOf<T[K]> {
  return (zero === undefined ? { method, path } : { method, path, zero }) as CallOf<T[K]>;
}

/** `raw` with every field `zero` names filled in (unknown fields kept); list items each filled by the list's item template. */
export function fillZero<T>(zero: unknown, raw: unknown): T {
  if (Array.isArray(zero)) {
    if (!Array.isArray(raw)) return [] as T;
    return (zero.length ? raw.map((item) => fillZero(zero[0], item)) : raw) as T;
  }
  if (zero && typeof zero === 'object') {
    const src = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const out: Record<string, unknown> = { ...src };
    for (const [k, z] of Object.entries(zero)) out[k] = fillZero(z, src[k]);
    return out as T;
  }
  return (raw ?? zero) as T;
}

type Args<Q, B> = [Q] extends [undefined] ? ([B] extends [undefined] ? [] : [body: B]) : [query?: Q];

/** Sends one call of the table: GET and DELETE with their query, POST and PUT with their body. */
export async function call<Q, B, R>(c: Call<Q, B, R>, ...args: Args<Q, B>): Promise<ApiResult<R>> {
  const [input] = args as unknown[];
  const withQuery = c.method === 'GET' || c.method === 'DELETE';
  const res = await request<unknown>(c.method, c.path, withQuery ? { params: input as object } : { body: input });
  return mapOk(res, (data) => (c.zero === undefined ? data : fillZero(c.zero, data)) as R);
}

/** A list call's answer (`{ total, <key>: rows }`) as the `{ total, rows }` page a list screen shows. */
export async function callPage<Q, B, K extends string, T>(
  c: Call<Q, B, { total: number } & { [P in K]: T[] }>,
  key: K,
  ...args: Args<Q, B>
): Promise<ApiResult<{ total: number; rows: T[] }>> {
  return pageOf(await call(c, ...args), key);
}

/** The query a call takes (`QueryOf<typeof documentList>`), for code that builds one before calling. */
export type QueryOf<C> = C extends Call<infer Q, unknown, unknown> ? NonNullable<Q> : never;
/** The body a call takes. */
export type BodyOf<C> = C extends Call<unknown, infer B, unknown> ? NonNullable<B> : never;
/** The reply a call answers, its zero values filled. */
export type ReplyOf<C> = C extends Call<unknown, unknown, infer R> ? R : never;
