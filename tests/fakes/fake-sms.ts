/**
 * Local stand-ins for Aliyun SMS (Dysmsapi SendSms, ACS3-HMAC-SHA256) and Tencent Cloud SMS
 * (SendSms 2021-01-11, TC3-HMAC-SHA256). Both check the request signature as the real services
 * do and refuse a wrong one, so the official SDKs are exercised end to end; accepted messages are
 * kept for the tests to read the codes from. A number ending in 0000 is refused as undeliverable.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const ALIYUN_KEY = { id: 'LTAI-test-key', secret: 'aliyun-test-secret' };
export const TENCENT_KEY = { id: 'AKID-test-id', secret: 'tencent-test-secret' };
export const TENCENT_APP_ID = '1400000001';

export interface FakeSmsMessage {
  provider: 'aliyun' | 'tencent';
  mobile: string;
  code: string;
  sign: string;
  template: string;
}

export interface FakeSms {
  url: string;
  sent: FakeSmsMessage[];
  /** the newest code sent to a number */
  codeFor(mobile: string): string | undefined;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
// the SDK's RFC 3986 encoding
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

function aliyunSignatureOk(req: IncomingMessage, url: URL, body: Buffer): boolean {
  const auth = String(req.headers.authorization ?? '');
  const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(auth);
  if (!m || m[1] !== ALIYUN_KEY.id) return false;
  const signed = m[2]!.split(';');
  const query = [...url.searchParams.keys()]
    .sort()
    .map((k) => `${k}=${encode(url.searchParams.get(k) ?? '')}`)
    .join('&');
  const headers = signed.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
  const payload = sha256(body);
  if (req.headers['x-acs-content-sha256'] !== payload) return false;
  const canonical = `${req.method}\n${url.pathname}\n${query}\n${headers}\n${signed.join(';')}\n${payload}`;
  const expected = hmac(ALIYUN_KEY.secret, `ACS3-HMAC-SHA256\n${sha256(canonical)}`).toString('hex');
  return expected === m[3];
}

function tencentSignatureOk(req: IncomingMessage, body: Buffer): boolean {
  const auth = String(req.headers.authorization ?? '');
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
      auth,
    );
  if (!m || m[1] !== TENCENT_KEY.id) return false;
  const [, , date, service, signedList, signature] = m;
  const timestamp = Number(req.headers['x-tc-timestamp']);
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const hostname = String(req.headers.host ?? '').replace(/:\d+$/, '');
  const values: Record<string, string> = { 'content-type': String(req.headers['content-type'] ?? ''), host: hostname };
  const signed = signedList!.split(';');
  const headers = signed.map((h) => `${h}:${values[h] ?? ''}\n`).join('');
  const canonical = `${req.method}\n/\n\n${headers}\n${signed.join(';')}\n${sha256(body)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256(canonical)}`;
  const kDate = hmac(`TC3${TENCENT_KEY.secret}`, date!);
  const kService = hmac(kDate, service!);
  const kSigning = hmac(kService, 'tc3_request');
  return hmac(kSigning, toSign).toString('hex') === signature;
}

export async function startFakeSms(): Promise<FakeSms> {
  const sent: FakeSmsMessage[] = [];
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.headers['x-acs-action'] === 'SendSms') {
      if (!aliyunSignatureOk(req, url, body))
        return json(400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' });
      const q = url.searchParams;
      const mobile = q.get('PhoneNumbers') ?? '';
      if (mobile.endsWith('0000'))
        return json(200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号', RequestId: randomUUID() });
      const code = (JSON.parse(q.get('TemplateParam') ?? '{}') as { code?: string }).code ?? '';
      sent.push({ provider: 'aliyun', mobile, code, sign: q.get('SignName') ?? '', template: q.get('TemplateCode') ?? '' });
      return json(200, { Code: 'OK', Message: 'OK', BizId: randomUUID(), RequestId: randomUUID() });
    }
    if (req.headers['x-tc-action'] === 'SendSms') {
      const requestId = randomUUID();
      if (!tencentSignatureOk(req, body))
        return json(200, {
          Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: '请求签名验证失败' }, RequestId: requestId },
        });
      const p = JSON.parse(body.toString()) as {
        PhoneNumberSet: string[];
        SmsSdkAppId: string;
        SignName: string;
        TemplateId: string;
        TemplateParamSet: string[];
      };
      const phone = p.PhoneNumberSet[0] ?? '';
      const mobile = phone.replace(/^\+86/, '');
      if (p.SmsSdkAppId !== TENCENT_APP_ID)
        return json(200, {
          Response: {
            Error: { Code: 'FailedOperation.SmsSdkAppIdVerifyFail', Message: 'SdkAppId 校验失败' },
            RequestId: requestId,
          },
        });
      const status = mobile.endsWith('0000')
        ? { Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: '手机号格式错误' }
        : { Code: 'Ok', Message: 'send success' };
      if (status.Code === 'Ok')
        sent.push({ provider: 'tencent', mobile, code: p.TemplateParamSet[0] ?? '', sign: p.SignName, template: p.TemplateId });
      return json(200, {
        Response: { SendStatusSet: [{ ...status, PhoneNumber: phone, SerialNo: randomUUID(), Fee: 1 }], RequestId: requestId },
      });
    }
    json(404, { message: 'unknown action' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    codeFor: (mobile) => sent.filter((s) => s.mobile === mobile).at(-1)?.code,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
