import type { Database } from '../../db/db.ts';
import type { ConfigVip, Settings } from '../../../contract/config.ts';
import { creditName, discountPercent, VIP_PLANS, type VipPlanKey } from '../../../domain/money.ts';
import { publicValues, SETTINGS, type GroupValues } from '../../../domain/settings/index.ts';
import { LanguageRepo } from '../language/language.repo.ts';
import type { ConfigStore } from './config.store.ts';
import { APP_VERSION } from './version.ts';
import { convertibleExtensions } from '../../convert/formats.ts';

/** When the statistics code is given as `<script>` tags, only the code inside them (moredoc). */
export function analyticsCode(raw: string): string {
  const blocks = [...raw.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => (m[1] ?? '').trim()).filter(Boolean);
  return /<script\b/i.test(raw) ? blocks.join('\n') : raw;
}

/** The `vip` group as moredoc Pro sends it (document_discount as a fraction, 0.8 = 8折). */
function vipSettings(vip: GroupValues<typeof SETTINGS.vip>): ConfigVip {
  const discounts = Object.fromEntries(
    VIP_PLANS.map(({ key }) => [`${key}_document_discount`, discountPercent(vip[`${key}_document_discount`]) / 100]),
  ) as Record<`${VipPlanKey}_document_discount`, number>;
  return { ...publicValues(SETTINGS.vip, vip), ...discounts };
}

/**
 * The public site settings (contract §3.11) plus Wenku's `vip`, `oauth`, `sms`, `email`, `payment`
 * and `download` groups: every setting declared `public` as it is, and the fields worked out of others.
 */
export async function buildSettings(db: Database, store: ConfigStore): Promise<Settings> {
  // `store` caches the whole table, so reading group by group costs nothing
  const S = SETTINGS;
  const [system, footer, security, display, score, vip, oauth, sms, pay, download, email] = [
    await store.group(S.system),
    await store.group(S.footer),
    await store.group(S.security),
    await store.group(S.display),
    await store.group(S.score),
    await store.group(S.vip),
    await store.group(S.oauth),
    await store.group(S.sms),
    await store.group(S.pay),
    await store.group(S.download),
    await store.group(S.email),
  ];
  return {
    system: {
      ...publicValues(S.system, system),
      analytics: analyticsCode(system.analytics),
      version: APP_VERSION,
      credit_name: creditName(score.credit_name),
      sign_award: Math.max(0, score.sign_in),
    },
    footer: publicValues(S.footer, footer),
    security: {
      ...publicValues(S.security, security),
      enable_captcha_upload: false,
      max_document_size: security.max_document_size > 0 ? security.max_document_size : S.security.max_document_size.default,
      convertible_ext: convertibleExtensions(),
    },
    display: publicValues(S.display, display),
    language: await new LanguageRepo(db).enabled(),
    vip: vipSettings(vip),
    oauth: { qq: oauth.enable_qq, wechat: oauth.enable_wechat, github: oauth.enable_github, gitee: oauth.enable_gitee },
    sms: { enable: sms.enable },
    email: { disabled: !email.enable },
    payment: {
      wechat: pay.enable_wechat,
      alipay: pay.enable_alipay,
      credit_exchange: pay.exchange_rate,
      enable_recharge: score.enable_recharge,
    },
    download: publicValues(S.download, download),
  };
}
