/**
 * /upload island (screens §5.8): members only. No token → login with the way back; then
 * GET /user/caniuploaddocument decides: 403 shows 您没有上传文档的权限 with the server's reason.
 * React + antd are fine here: this is a member page, not a public one.
 */
import { lazy } from 'react';
import { call } from '../../api/call.ts';
import { userCanUploadDocument } from '../../api/generated/user.ts';
import { RightGate } from '../common/RightGate.tsx';

// the form is its own chunk, fetched at once alongside the upload-right check
const formModule = import('./UploadForm.tsx');
const UploadForm = lazy(async () => ({ default: (await formModule).UploadForm }));

export default function UploadApp() {
  return (
    <RightGate
      check={() => call(userCanUploadDocument)}
      denied={{ forbidden: '您没有上传文档的权限', failed: '暂时无法上传文档' }}
      testId="upload-denied"
    >
      {(user) => <UploadForm userId={user.id} />}
    </RightGate>
  );
}
