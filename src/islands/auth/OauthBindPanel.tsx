/**
 * 完善用户信息 (screens §7.4) with SMS on: tabs between the account forms (登录并绑定 with a
 * password, 注册并绑定 with e-mail) and the mobile ones — sign in to the account of a number with
 * an SMS code, or register with a number — each linking the third-party account in the same call
 * (POST /oauth/bind, modes `mobile_login` / `mobile_register`).
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { OauthPending } from '../../contract/oauth.ts';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { MobileForm } from './MobileForm.tsx';
import { TabBar } from './ui.tsx';
import { call } from '../../api/call.ts';
import { oauthBind } from '../../api/generated/oauth.ts';

interface Props {
  pending: OauthPending;
  /** the account forms (CompleteProfile) */
  accountForm: ReactNode;
  onDone: () => void;
}

export function OauthBindPanel({ pending, accountForm, onDone }: Props) {
  const { sms } = useSiteSettings();
  const [tab, setTab] = useState(0);
  const [mode, setMode] = useState<'login' | 'register'>('login');
  if (!sms.enable) return accountForm;
  return (
    <div>
      <TabBar labels={['账号绑定', '手机号绑定']} active={tab} onChange={setTab} />
      {tab === 0 ? (
        accountForm
      ) : (
        <div data-testid="oauth-mobile">
          <h2 className="mb-4 text-center text-lg font-semibold text-neutral-800">完善用户信息</h2>
          <MobileForm
            key={mode}
            mode={mode}
            submitLabel={mode === 'login' ? '登录并绑定' : '注册并绑定'}
            signIn={async (body) =>
              call(oauthBind, { ...pending, mode: mode === 'login' ? 'mobile_login' : 'mobile_register', ...body })
            }
            onDone={onDone}
          />
          <button
            type="button"
            data-testid="oauth-mobile-switch"
            onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
            className="mt-4 w-full text-center text-sm text-primary-600 hover:underline"
          >
            {mode === 'login' ? '手机号未注册？用手机号注册并绑定' : '手机号已注册？验证码登录并绑定'}
          </button>
        </div>
      )}
    </div>
  );
}
