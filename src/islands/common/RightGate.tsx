/**
 * The gate of a member tool page (/upload, /post): no token → the login page with the way back;
 * then the server's own check (GET /user/caniuploaddocument, /user/canipublisharticle) decides,
 * and a refusal shows `denied` with the server's reason. The tool renders once the member is known,
 * in the member pages' frame (MemberShell).
 */
import { useStore } from '@nanostores/react';
import { Button, Result, Spin } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { isOk, messageOf } from '../../api/http.ts';
import type { ApiResult } from '../../api/result.ts';
import type { User } from '../../api/types.ts';
import { loginRedirect } from '../../lib/guards.ts';
import { MemberShell } from './MemberShell.tsx';
import { $user } from '../../stores/session.ts';
import { $token } from '../../stores/token.ts';

type Check = { ok: true } | { ok: false; status: number; message: string };

const spinner = (
  <div className="flex min-h-80 items-center justify-center">
    <Spin size="large" />
  </div>
);

export function RightGate(props: GateProps) {
  return (
    <MemberShell width="max-w-6xl">
      <Gate {...props} />
    </MemberShell>
  );
}

interface GateProps {
  check: () => Promise<ApiResult<unknown>>;
  /** the refusal's title (您没有上传文档的权限) and the one of any other failure (暂时无法上传文档) */
  denied: { forbidden: string; failed: string };
  testId: string;
  children: (user: User) => ReactNode;
}

function Gate({ check, denied, testId, children }: GateProps) {
  const token = useStore($token);
  const user = useStore($user);
  const [result, setResult] = useState<Check | null>(null);

  useEffect(() => {
    if (!$token.get()) {
      location.replace(loginRedirect(`${location.pathname}${location.search}`));
      return;
    }
    void check().then((r) => setResult(isOk(r) ? { ok: true } : { ok: false, status: r.status, message: messageOf(r, '') }));
    // the check runs once per page load
  }, []);

  if (!token || !result || (result.ok && !user)) return spinner;
  if (!result.ok) {
    return (
      <Result
        status={result.status === 403 ? '403' : 'warning'}
        title={result.status === 403 ? denied.forbidden : denied.failed}
        subTitle={<span data-testid={testId}>{result.message}</span>}
        extra={<Button href="/">返回首页</Button>}
      />
    );
  }
  return user ? <Suspense fallback={spinner}>{children(user)}</Suspense> : null;
}
