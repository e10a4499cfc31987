import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';

/**
 * WeChat Pay API v3 as documented (pay.weixin.qq.com/doc/v3/merchant): requests signed with the
 * merchant's API key (RSA-SHA256 over `METHOD\nPATH\nTIMESTAMP\nNONCE\nBODY\n`, header
 * `WECHATPAY2-SHA256-RSA2048`), answers and notifies verified with the platform public key
 * (`TIMESTAMP\nNONCE\nBODY\n`), notify resources decrypted with AEAD_AES_256_GCM and the APIv3 key.
 */
export interface WechatPayConfig {
  mchid: string;
  appid: string;
  serialNo: string;
  privateKey: string;
  apiV3Key: string;
  platformPublicKey: string;
  platformSerial: string;
  gateway: string;
}

export class WechatPayError extends Error {}

/** A notify or answer older (or newer) than this is refused: it may be a replay. */
export const MAX_CLOCK_SKEW_SECONDS = 300;

export const signMessage = (parts: string[], privateKey: string): string =>
  createSign('RSA-SHA256')
    .update(parts.map((p) => `${p}\n`).join(''))
    .sign(privateKey, 'base64');

export const verifyMessage = (parts: string[], signature: string, publicKey: string): boolean => {
  try {
    return createVerify('RSA-SHA256')
      .update(parts.map((p) => `${p}\n`).join(''))
      .verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
};

/** AEAD_AES_256_GCM: base64 of ciphertext followed by the 16-byte tag. */
export function decryptResource(r: { ciphertext: string; nonce: string; associated_data?: string }, key: string): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

export function encryptResource(plain: string, key: string, associatedData: string) {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: ct.toString('base64'), nonce, associated_data: associatedData };
}

type Headers = Record<string, string | string[] | undefined>;
const header = (h: Headers, name: string): string => {
  const v = h[name] ?? h[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/** Checks the `Wechatpay-*` signature headers of an answer or notify body against the platform key. */
export function verifyWechatSignature(cfg: WechatPayConfig, headers: Headers, body: string, now = Date.now()): void {
  const ts = header(headers, 'wechatpay-timestamp');
  const nonce = header(headers, 'wechatpay-nonce');
  const signature = header(headers, 'wechatpay-signature');
  const serial = header(headers, 'wechatpay-serial');
  if (!ts || !nonce || !signature) throw new WechatPayError('缺少签名');
  if (cfg.platformSerial && serial !== cfg.platformSerial) throw new WechatPayError(`平台证书序列号不符：${serial}`);
  if (Math.abs(now / 1000 - Number(ts)) > MAX_CLOCK_SKEW_SECONDS) throw new WechatPayError('时间戳过期');
  if (!verifyMessage([ts, nonce, body], signature, cfg.platformPublicKey)) throw new WechatPayError('签名错误');
}

/** One signed call to the WeChat Pay API; the answer is verified before it is believed. */
export async function wechatRequest<T>(cfg: WechatPayConfig, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = signMessage([method, path, ts, nonce, payload], cfg.privateKey);
  const auth = `WECHATPAY2-SHA256-RSA2048 mchid="${cfg.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${ts}",serial_no="${cfg.serialNo}"`;
  const res = await fetch(new URL(path, cfg.gateway), {
    method,
    headers: { authorization: auth, accept: 'application/json', 'content-type': 'application/json', 'user-agent': 'wenku' },
    body: method === 'POST' ? payload : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  verifyWechatSignature(cfg, Object.fromEntries(res.headers), text);
  const json = text ? (JSON.parse(text) as T & { code?: string; message?: string }) : ({} as T & { message?: string });
  if (!res.ok) throw new WechatPayError(json.message || `HTTP ${res.status}`);
  return json;
}
