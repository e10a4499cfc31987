import { z } from 'zod';
import { integer, repeated } from './common.ts';
import { booleans, numbers, optionalNumbers, optionalStrings, strings, timestamps } from './reply.ts';
import { publicFields } from './settings-fields.ts';
import { VIP_PLANS } from '../domain/money.ts';
import { SETTINGS } from '../domain/settings/index.ts';
import { endpoint, service } from './endpoint.ts';

/** The value shown instead of a stored secret; sending it back keeps the stored value. */
export const SECRET_MASK = '******';

/** Items are matched by id; only `value` is written. Other Config fields may be sent and are ignored. */
export const configUpdate = z.object({
  config: z
    .array(
      z.object({
        id: integer(z.number().int().positive('配置项 id 无效')),
        ...optionalStrings('category', 'name'),
        value: z.union([z.string(), z.number(), z.boolean()]).transform(String).default(''),
      }),
    )
    .min(1, '请提交要保存的配置项'),
});
export type ConfigUpdate = z.infer<typeof configUpdate>;
export const configList = z.object({ category: repeated(z.string()) });
export const releaseIgnore = z.object({ tag_name: z.string().trim().max(64, '版本号太长').default('') });
export const releaseSource = z.object({ source: z.string({ message: '请选择版本检测来源' }).trim() });

export const configItem = z.object({
  ...numbers('id', 'sort', 'col_num'),
  ...strings('category', 'name', 'label', 'value', 'placeholder', 'input_type', 'options'),
  ...timestamps,
});
export type ConfigItem = z.infer<typeof configItem>;
export const configListReply = z.object({ config: z.array(configItem).optional() });

/** The site's own fields (`publicFields`: the settings declared public), and what is worked out of others. */
export const configSystem = z.object({
  ...publicFields(SETTINGS.system),
  /** the statistics code without its `<script>` tags */
  analytics: z.string(),
  ...strings('version', 'credit_name'),
  /** Wenku: the credits a daily sign-in earns (积分配置 → 签到), shown on the home page's sign-in card */
  sign_award: z.number(),
});
export type ConfigSystem = z.infer<typeof configSystem>;
export const configFooter = z.object(publicFields(SETTINGS.footer));
export type ConfigFooter = z.infer<typeof configFooter>;
export const configSecurity = z.object({
  ...publicFields(SETTINGS.security),
  /** moredoc's; Wenku asks no captcha on upload */
  enable_captcha_upload: z.boolean(),
  /** in MB; never 0 */
  max_document_size: z.number(),
  /** Wenku: the upload extensions this server converts now (its tools installed); absent from moredoc */
  convertible_ext: z.array(z.string()).optional(),
});
export type ConfigSecurity = z.infer<typeof configSecurity>;
export const configDisplay = z.object(publicFields(SETTINGS.display));
export type ConfigDisplay = z.infer<typeof configDisplay>;
/**
 * VIP settings as moredoc Pro sends them: prices in fen, `document_discount` a fraction of the price
 * (0.8 = 8折, shown ×10), `download` the VIP-document quota, `times_every_day` 0 = unlimited.
 */
export const configVip = z.object({
  ...publicFields(SETTINGS.vip),
  ...numbers(...VIP_PLANS.map((p) => `${p.key}_document_discount` as const)),
});
export type ConfigVip = z.infer<typeof configVip>;
/** Wenku addition: which payment methods the checkout offers, and what a 元 buys in credits. */
export const configPayment = z.object({ ...booleans('wechat', 'alipay', 'enable_recharge'), credit_exchange: z.number() });
export type ConfigPayment = z.infer<typeof configPayment>;
/** moredoc Pro's `download` settings group (the download drawer's rules panel). */
export const configDownload = z.object(publicFields(SETTINGS.download));
export type ConfigDownload = z.infer<typeof configDownload>;
/** Which third-party sign-ins are on (GET /oauth/configs has their buttons). */
export const configOauth = z.object({ ...booleans('qq', 'wechat', 'github', 'gitee') });
export type ConfigOauth = z.infer<typeof configOauth>;
/** Wenku addition: whether the auth pages offer 手机号 (SMS codes). */
export const configSms = z.object({ enable: z.boolean() });
export type ConfigSms = z.infer<typeof configSms>;
/**
 * Wenku addition: true when the site sends no mail (找回密码 by e-mail cannot work). Said as
 * "disabled" because the wire omits false values and a server that says nothing (moredoc) may send mail.
 */
export const configEmail = z.object({ disabled: z.boolean() });
export type ConfigEmail = z.infer<typeof configEmail>;
export const settingsLanguage = z.object({ id: z.number(), language: z.string(), code: z.string() });
export type SettingsLanguage = z.infer<typeof settingsLanguage>;
export const settings = z.object({
  system: configSystem,
  footer: configFooter,
  security: configSecurity,
  display: configDisplay,
  language: z.array(settingsLanguage),
  vip: configVip,
  oauth: configOauth,
  payment: configPayment,
  download: configDownload,
  sms: configSms,
  email: configEmail,
});
export type Settings = z.infer<typeof settings>;

export const stats = z.object({
  ...numbers('user_count', 'document_count', 'article_count'),
  ...optionalNumbers('category_count', 'comment_count', 'banner_count', 'friendlink_count', 'report_count'),
  /** os, version, hash and build_at: holders of 查看系统信息 only */
  ...optionalStrings('os', 'version', 'hash', 'build_at'),
});
export type Stats = z.infer<typeof stats>;

export const envDependent = z.object({
  ...strings('name', 'description', 'cmd', 'version', 'error', 'checked_at'),
  ...booleans('is_required', 'is_installed'),
});
export type EnvDependent = z.infer<typeof envDependent>;
export const envsReply = z.object({ envs: z.array(envDependent).optional() });
export type EnvsReply = z.infer<typeof envsReply>;

const usage = { total: z.number(), used: z.number(), free: z.number(), percent: z.number() };
export const deviceInfo = z.object({
  cpu: z.object({ cores: z.number(), model_name: z.string(), mhz: z.number(), percent: z.number() }),
  memory: z.object({ ...usage, available: z.number() }),
  disk: z.array(z.object({ disk_name: z.string(), ...usage })),
});
export type DeviceInfo = z.infer<typeof deviceInfo>;

/** One hour of the site's figures (every instance and converter added up). */
export const operationsHour = z.object({
  /** the hour's start, `YYYY-MM-DDTHH` (UTC) */
  hour: z.string(),
  ...numbers('requests', 'errors', 'conversions_done', 'conversions_failed'),
});
export type OperationsHour = z.infer<typeof operationsHour>;

/** GET /operations (Wenku): what an operator watches on the dashboard. */
export const operationsReply = z.object({
  /** the last 24 hours, oldest first */
  hours: z.array(operationsHour),
  /** documents waiting for a converter, and being converted now */
  queue: z.object(numbers('waiting', 'running')),
  /** free bytes of the data folder and of local storage (absent on object storage) */
  disk: z.array(z.object({ folder: z.enum(['data', 'storage']), path: z.string(), free: z.number() })),
});
export type OperationsReply = z.infer<typeof operationsReply>;

export const release = z.object({ ...strings('tag_name', 'name', 'body', 'release_at', 'ignore', 'source', 'current') });
export type Release = z.infer<typeof release>;

/** ConfigAPI (api-contract §2.15): public settings, the back office's configuration, sitemap and release. */
export const configApi = service('ConfigAPI', '系统配置', (rpc) => ({
  calls: {
    settings: endpoint.get('/settings', 'public', { reply: settings }),
    update: endpoint.put('/config', rpc('UpdateConfig', '更新系统配置'), { body: configUpdate }),
    list: endpoint.get('/config/list', rpc('ListConfig', '获取系统配置列表'), { query: configList, reply: configListReply }),
    sitemap: endpoint.put('/sitemap', rpc('UpdateSitemap', '更新站点地图sitemap')),
    sqlMode: endpoint.put('/sqlmode', 'login'),
    release: endpoint.get('/release', 'login', { reply: release }),
    checkRelease: endpoint.post('/release', 'login', { reply: release }),
    ignoreRelease: endpoint.put('/release/ignore', 'login', { body: releaseIgnore }),
    releaseSource: endpoint.put('/release/source', 'login', { body: releaseSource }),
  },
  summaries: {
    settings: '站点公开设置（system、footer、security、display、language，以及 vip、oauth 开关）',
    update: '保存系统配置（按 id 只更新 value；****** 表示保留原值；保存邮件配置时发送测试邮件）',
    list: '按分类获取配置项（密钥类配置以 ****** 返回）',
    sitemap: '重新生成站点地图（随站点重新构建）',
    sqlMode: '修正 MySQL 的 SQL 模式（仅超级管理员；Wenku 使用 SQLite/PostgreSQL，无需处理）',
    release: '版本信息（离线产品：不联网检测，返回当前版本与已保存的版本配置）',
    checkRelease: '刷新版本信息（moredoc 会联网检测；Wenku 不联网，返回当前版本与已保存的版本配置）',
    ignoreRelease: '忽略某个版本的升级提示',
    releaseSource: '设置版本检测来源',
  },
}));
