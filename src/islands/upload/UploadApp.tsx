/**
 * /upload island (screens §5.8): members only. No token → login with the way back; then
 * GET /user/caniuploaddocument decides: 403 shows 您没有上传文档的权限 with the server's reason.
 * React + antd are fine here: this is a member page, not a public one.
 */
import { useStore } from '@nanostores/react';
import { Button, Result, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { isOk, messageOf } from '../../api/http.ts';
import { loginRedirect } from '../../lib/guards.ts';
import { $user } from '../../stores/session.ts';
import { $token } from '../../stores/token.ts';

// the form is its own chunk, fetched at once alongside the upload-right check
const formModule = import('./UploadForm.tsx');
const UploadForm = lazy(async () => ({ default: (await formModule).UploadForm }));
import { MemberShell } from '../common/MemberShell.tsx';
import { call } from '../../api/call.ts';
import { userCanUploadDocument } from '../../api/generated/user.ts';

type Check = { ok: true } | { ok: false; status: number; message: string };

function UploadGate() {
  const token = useStore($token);
  const user = useStore($user);
  const [check, setCheck] = useState<Check | null>(null);

  useEffect(() => {
    if (!$token.get()) {
      location.replace(loginRedirect(`${location.pathname}${location.search}`));
      return;
    }
    void call(userCanUploadDocument).then((r) =>
      setCheck(isOk(r) ? { ok: true } : { ok: false, status: r.status, message: messageOf(r, '') }),
    );
  }, []);

  if (!token || !check || (check.ok && !user)) {
    return (
      <div className="flex min-h-80 items-center justify-center">
        <Spin size="large" />
      </div>
    );
  }
  if (!check.ok) {
    return (
      <Result
        status={check.status === 403 ? '403' : 'warning'}
        title={check.status === 403 ? '您没有上传文档的权限' : '暂时无法上传文档'}
        subTitle={<span data-testid="upload-denied">{check.message}</span>}
        extra={<Button href="/">返回首页</Button>}
      />
    );
  }
  return user ? (
    <Suspense
      fallback={
        <div className="flex min-h-80 items-center justify-center">
          <Spin size="large" />
        </div>
      }
    >
      <UploadForm userId={user.id} />
    </Suspense>
  ) : null;
}

export default function UploadApp() {
  return (
    <MemberShell width="max-w-6xl">
      <UploadGate />
    </MemberShell>
  );
}
