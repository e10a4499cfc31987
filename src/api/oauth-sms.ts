/**
 * The third-party sign-in answer the browser reshapes: an account signed into, or a provider account that
 * waits to be linked. The other OAuth and SMS calls are sent with `call()` and the generated projection
 * (src/api/generated/oauth.ts, sms.ts, user.ts).
 */
import type { OauthPending, oauthLoginBody } from '../contract/oauth.ts';
import { call, type WireInput } from './call.ts';
import { oauthLogin } from './generated/oauth.ts';
import { isOk, mapOk, type ApiResult } from './http.ts';
import type { LoginReply } from './types.ts';
import { asLogin } from './user.ts';

export interface OauthLoginResult {
  login: LoginReply | null;
  oauth: OauthPending | null;
  redirect: string;
}

/** POST /oauth/login: `login` when the provider account is linked, else `oauth` to link (a session's pending account). */
export const oauthSignIn = async (body: WireInput<typeof oauthLoginBody>): Promise<ApiResult<OauthLoginResult>> => {
  const r = await call(oauthLogin, body);
  const login = asLogin(r);
  return mapOk(r, (d) => ({
    login: d.token && isOk(login) ? login.data : null,
    oauth: d.oauth.session ? d.oauth : null,
    redirect: d.redirect,
  }));
};
