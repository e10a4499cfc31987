/** "您可以通过以下方式快速注册或登录" (screens §7.1): one icon per enabled provider (GET /oauth/configs). */
import { useEffect, useState } from 'react';
import { isOk } from '../../api/http.ts';
import type { OauthConfig } from '../../contract/oauth.ts';
import { call } from '../../api/call.ts';
import { oauthConfigs } from '../../api/generated/oauth.ts';

/** The provider icons; `redirect` is where to land after signing in. */
export function OauthButtons({
  redirect = '',
  title = '您可以通过以下方式快速注册或登录',
}: {
  redirect?: string;
  title?: string;
}) {
  const [configs, setConfigs] = useState<OauthConfig[]>([]);
  useEffect(() => {
    void call(oauthConfigs).then((r) => isOk(r) && setConfigs(r.data.oauths));
  }, []);
  if (!configs.length) return null;
  const suffix = redirect ? `&redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <div className="mt-6 border-t border-neutral-200 pt-4 text-center" data-testid="oauth-buttons">
      <p className="mb-3 text-xs text-neutral-500">{title}</p>
      <div className="flex justify-center gap-4">
        {configs.map((c) => (
          <a key={c.type} href={`${c.authorize_url}${suffix}`} title={`${c.name}登录`} aria-label={`${c.name}登录`}>
            <img src={c.icon} alt={c.name} width={36} height={36} className="rounded-full hover:opacity-80" />
          </a>
        ))}
      </div>
    </div>
  );
}
