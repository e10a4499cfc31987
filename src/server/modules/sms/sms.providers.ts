// The SDKs load on the first message through them: together they weigh tens of MB of memory that
// a site without SMS (the default) should not carry.
import { SETTINGS, type GroupValues } from '../../../domain/settings/index.ts';

/** What a provider answered: `ok` when the message was accepted; `response` is kept on the row. */
export interface SmsResult {
  ok: boolean;
  error: string;
  response: string;
}

export interface SmsMessage {
  mobile: string;
  code: string;
  minutes: number;
}

/** The saved `sms` settings. */
export type SmsSettings = GroupValues<typeof SETTINGS.sms>;
export type SmsSender = (cfg: SmsSettings, msg: SmsMessage) => Promise<SmsResult>;

/** `host`, `host:port` or a URL: the scheme (https unless `http://` is written) and the host. */
export function splitEndpoint(raw: string, fallback: string): { protocol: 'http' | 'https'; host: string } {
  const value = raw.trim() || fallback;
  const m = /^(https?):\/\/([^/]+)/i.exec(value);
  if (m) return { protocol: m[1]!.toLowerCase() as 'http' | 'https', host: m[2]! };
  return { protocol: 'https', host: value.replace(/\/.*$/, '') };
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Aliyun SMS (Dysmsapi 2017-05-25 SendSms) through the official SDK; template variable `code`. */
const sendAliyun: SmsSender = async (cfg, msg) => {
  const [aliyun, { $OpenApiUtil }] = await Promise.all([import('@alicloud/dysmsapi20170525'), import('@alicloud/openapi-core')]);
  // Node hands a CommonJS module's exports over as `default`; TypeScript sees the ES shape
  const AliyunClient =
    (aliyun.default as unknown as { default?: typeof aliyun.default }).default ?? (aliyun.default as typeof aliyun.default);
  const { protocol, host } = splitEndpoint(cfg.aliyun_endpoint ?? '', 'dysmsapi.aliyuncs.com');
  const client = new AliyunClient(
    new $OpenApiUtil.Config({
      accessKeyId: cfg.aliyun_access_key_id,
      accessKeySecret: cfg.aliyun_access_key_secret,
      endpoint: host,
      protocol,
      readTimeout: 10_000,
      connectTimeout: 5_000,
    }),
  );
  try {
    const res = await client.sendSms(
      new aliyun.SendSmsRequest({
        phoneNumbers: msg.mobile,
        signName: cfg.aliyun_sign_name,
        templateCode: cfg.aliyun_template_code,
        templateParam: JSON.stringify({ code: msg.code }),
      }),
    );
    const body = res.body;
    const response = JSON.stringify(body ?? {});
    if (body?.code === 'OK') return { ok: true, error: '', response };
    return { ok: false, error: `${body?.code ?? ''} ${body?.message ?? ''}`.trim() || '发送失败', response };
  } catch (err) {
    return { ok: false, error: message(err), response: '' };
  }
};

/** Tencent Cloud SMS (2021-01-11 SendSms) through the official SDK; template params: code, minutes. */
const sendTencent: SmsSender = async (cfg, msg) => {
  const tencent = await import('tencentcloud-sdk-nodejs-sms');
  const { protocol, host } = splitEndpoint(cfg.tencent_endpoint ?? '', 'sms.tencentcloudapi.com');
  const client = new tencent.sms.v20210111.Client({
    credential: { secretId: cfg.tencent_secret_id, secretKey: cfg.tencent_secret_key },
    region: cfg.tencent_region || 'ap-guangzhou',
    profile: { httpProfile: { endpoint: host, protocol: `${protocol}://`, reqTimeout: 10 } },
  });
  try {
    const res = await client.SendSms({
      PhoneNumberSet: [`+86${msg.mobile}`],
      SmsSdkAppId: cfg.tencent_sdk_app_id ?? '',
      SignName: cfg.tencent_sign_name,
      TemplateId: cfg.tencent_template_id ?? '',
      TemplateParamSet: [msg.code, String(msg.minutes)],
    });
    const status = res.SendStatusSet?.[0];
    const response = JSON.stringify(res);
    if (status?.Code === 'Ok') return { ok: true, error: '', response };
    return { ok: false, error: `${status?.Code ?? ''} ${status?.Message ?? ''}`.trim() || '发送失败', response };
  } catch (err) {
    return { ok: false, error: message(err), response: '' };
  }
};

/** The services Wenku sends through, by their pro-contract names. */
export const SMS_SENDERS: Readonly<Record<string, SmsSender>> = { smsAliyun: sendAliyun, smsTencent: sendTencent };
