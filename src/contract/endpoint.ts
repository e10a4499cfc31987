import type { z } from 'zod';

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

type Spec<R extends z.ZodType, Q extends Input, B extends Input> = Omit<Endpoint<R, Q, B>, 'method' | 'path' | 'summary'> & {
  summary?: string;
};

const declare =
  (method: HttpMethod) =>
  <R extends z.ZodType, Q extends Input = undefined, B extends Input = undefined>(
    path: string,
    spec: Spec<R, Q, B>,
  ): Endpoint<R, Q, B> => {
    const summary = spec.summary ?? (typeof spec.access === 'object' ? spec.access.title : '');
    if (!summary) throw new Error(`${method} ${path}: a summary is needed when no permission title says what it does`);
    return { ...spec, method, path, summary };
  };

/** `get('/friendlink/list', { access: 'public', summary, query, reply })`: one entry of a service's table. */
export const endpoint = {
  get: declare('GET'),
  post: declare('POST'),
  put: declare('PUT'),
  delete: declare('DELETE'),
};
