/**
 * Third-party sign-in providers (pro contract: `oauth_type` 1 QQ, 2 WeChat, 3 Gitee, 4 GitHub; the
 * others are not offered). `name` is the `?type=` of /oauth/callback. Browser-safe.
 */
export const OAUTH_TYPE = { qq: 1, wechat: 2, gitee: 3, github: 4 } as const;
export type OauthName = keyof typeof OAUTH_TYPE;
export const OAUTH_NAMES = Object.keys(OAUTH_TYPE) as OauthName[];

export const OAUTH_LABELS: Readonly<Record<number, string>> = { 1: 'QQ', 2: '微信', 3: 'Gitee', 4: 'GitHub' };

export const oauthName = (type: number): OauthName | undefined => OAUTH_NAMES.find((n) => OAUTH_TYPE[n] === type);
export const oauthTypeOf = (name: string): number => OAUTH_TYPE[name as OauthName] ?? 0;

/** Where a provider button leads: the server adds the state and sends the browser on to the provider. */
export const oauthStartUrl = (name: OauthName, redirect = ''): string =>
  `/api/v1/oauth/authorize?type=${name}${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`;
