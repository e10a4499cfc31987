import type { z } from 'zod';
import { emptyReply } from './reply.ts';

/*
 * The endpoint table's vocabulary. Each `src/contract/<service>.ts` declares its /api/v1 calls once with
 * these: the server registers its routes from them (`api.handle(call, handler)`), the permission registry
 * and the seed take their titles from them, and `scripts/gen-api.ts` derives the browser's zod-free
 * projection (`src/api/generated/`) from them.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A moredoc permission: `/api.v1.<Service>/<Rpc>` with method GRPC (a few are HTTP routes), and its Chinese title. */
export interface PermissionDecl {
  path: string;
  title: string;
  method?: string;
}

/** Who may call: anyone, a signed-in member, or holders of a permission. */
export type Access = 'public' | 'login' | PermissionDecl;

type Input = z.ZodType | undefined;

/** One /api/v1 call: method, path (under /api/v1), who may call it, what it takes and what it answers. */
export interface Endpoint<R extends z.ZodType = z.ZodType, Q extends Input = Input, B extends Input = Input> {
  method: HttpMethod;
  path: string;
  access: Access;
  /** the OpenAPI summary (the permission's title unless it says more) */
  summary: string;
  query?: Q;
  body?: B;
  reply: R;
  /** a success that is not a JSON 200: a redirect (302) or an empty answer (204); `reply` describes it */
  status?: 204 | 302;
  /** a multipart file upload (the browser sends it through its upload transport, not as JSON) */
  upload?: true;
}

/** A moredoc service's calls and the permissions its handlers check themselves (no route names those). */
export interface ServiceTable {
  /** moredoc's service name (`FriendlinkAPI`), the permissions' prefix */
  service: string;
  /** the OpenAPI tags of its routes */
  tags: readonly string[];
  calls: Readonly<Record<string, Endpoint>>;
  checks?: Readonly<Record<string, PermissionDecl>>;
}

export const perm = (path: string, title: string, method = 'GRPC'): PermissionDecl => ({ path, title, method });

/** The permissions of one moredoc service: `apiPermission('BannerAPI')('CreateBanner', '创建轮播图')` is `/api.v1.BannerAPI/CreateBanner`. */
export const apiPermission =
  (service: string) =>
  (rpc: string, title: string): PermissionDecl =>
    perm(`/api.v1.${service}/${rpc}`, title);

/**
 * What a call takes and answers: `{ query, reply }`, `{ body }`, and how it answers when not with a JSON 200. A call
 * without `reply` answers `{}` (emptyReply), as moredoc's writes do.
 */
export interface Io<R extends z.ZodType, Q extends Input, B extends Input> {
  query?: Q;
  body?: B;
  reply?: R;
  status?: Endpoint['status'];
  upload?: true;
}

/** The entry before its service gives it a summary: a permission's title until then. */
const declare =
  (method: HttpMethod) =>
  <R extends z.ZodType = typeof emptyReply, Q extends Input = undefined, B extends Input = undefined>(
    path: string,
    access: Access,
    io: Io<R, Q, B> = {},
  ): Endpoint<R, Q, B> => {
    const summary = typeof access === 'object' ? access.title : '';
    return { method, path, access, summary, ...io, reply: io.reply ?? (emptyReply as z.ZodType as R) };
  };

/**
 * `endpoint.get('/friendlink/list', 'public', { query: friendlinkList, reply: friendlinkListReply })`: one
 * entry of a service's table, a line; its summary is in the service's `summaries` unless it is the permission's title.
 */
export const endpoint = {
  get: declare('GET'),
  post: declare('POST'),
  put: declare('PUT'),
  delete: declare('DELETE'),
};

/**
 * The calls as `service()` takes them: typed only as far as a table's entries need no type from the context (an
 * `Endpoint` there would make an entry without `query` infer it as any schema, not as none).
 * services.ts checks every table against `ServiceTable`.
 */
type Calls = Record<string, Pick<Endpoint, 'method' | 'path' | 'summary'>>;

/** A service as its contract file writes it: the calls, the summaries the permissions' titles do not give. */
interface ServiceDecl<C extends Calls, K extends Record<string, PermissionDecl>> {
  calls: C;
  /** the OpenAPI summary of each call whose access is not a permission, or which says more than its title */
  summaries?: { readonly [N in keyof C]?: string };
  checks?: K;
}

/** The permissions of one service, as `service()` hands them to its table: `rpc('CreateBanner', '创建轮播图')`. */
export type Rpc = (rpc: string, title: string) => PermissionDecl;

/**
 * `service('BannerAPI', '轮播图', (rpc) => ({ calls, summaries, checks }))`: the table of one moredoc service (its
 * name is the permissions' prefix, `rpc` makes them; the tag is its routes' OpenAPI tag), each call with its
 * summary. A table that needs the permissions before it (shared with other schemas) is a plain object. Fails at
 * load when a call has no summary, so a table cannot reach the routes or the projection without.
 */
export function service<const C extends Calls, const K extends Record<string, PermissionDecl> = Record<never, PermissionDecl>>(
  name: string,
  tag: string,
  table: ServiceDecl<C, K> | ((rpc: Rpc) => ServiceDecl<C, K>),
): { service: string; tags: readonly [string]; calls: C; checks: K } {
  const decl = typeof table === 'function' ? table(apiPermission(name)) : table;
  const summaries: Readonly<Record<string, string | undefined>> = decl.summaries ?? {};
  const calls = Object.fromEntries(
    Object.entries(decl.calls).map(([call, entry]) => {
      const summary = summaries[call] ?? entry.summary;
      if (!summary) throw new Error(`${name}.${call}: a summary is needed when no permission title says what it does`);
      return [call, { ...entry, summary }];
    }),
  ) as Record<string, unknown> as C;
  return { service: name, tags: [tag], calls, checks: decl.checks ?? ({} as K) };
}
