/**
 * A sign-in answer the browser reshapes: the user filled the client's way (api/types.ts User). The UserAPI calls
 * are sent with `call()` and the generated projection (src/api/generated/user.ts).
 */
import { normalizeUser } from './defaults.ts';
import type { LoginReply, Paging } from './types.ts';
import { mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

/** A sign-in answer (password, SMS, third party) as the session keeps it: `{token, user}`, the user normalised. */
export const asLogin = (r: ApiResult<{ token?: string; user?: unknown }>): ApiResult<LoginReply> =>
  mapOk(r, (d) => ({ token: d.token ?? '', user: normalizeUser(d.user) }));

export type PageParams = Paging;
