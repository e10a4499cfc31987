import type { AppContext } from '../../../context.ts';
import { badRequest } from '../../../http/errors.ts';
import type { WechatPayConfig } from './wechatpay.ts';

/** Addresses the providers call back and send the payer to, built on the site domain (system.domain). */
export async function siteUrls(ctx: AppContext) {
  const domain = (await ctx.settings.str('system', 'domain')).trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(domain)) throw badRequest('请先在【基础配置】中设置网站域名（支付回调需要）');
  return {
    alipayNotify: `${domain}/api/v1/callback/alipay`,
    wechatNotify: `${domain}/api/v1/callback/wechatpay`,
    checkout: (orderNo: string) => `${domain}/vip/checkout?order_no=${encodeURIComponent(orderNo)}`,
  };
}

export interface AlipayConfig {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
}

export async function alipayConfig(ctx: AppContext): Promise<AlipayConfig> {
  const s = (n: string) => ctx.settings.str('pay', n);
  const cfg = {
    appId: (await s('alipay_appid')).trim(),
    privateKey: (await s('alipay_private_key')).trim(),
    alipayPublicKey: (await s('alipay_public_key')).trim(),
    gateway: (await s('alipay_gateway')).trim() || 'https://openapi.alipay.com/gateway.do',
  };
  if (!cfg.appId || !cfg.privateKey || !cfg.alipayPublicKey) throw badRequest('支付宝支付尚未配置完整');
  return cfg;
}

export async function wechatConfig(ctx: AppContext): Promise<WechatPayConfig> {
  const s = (n: string) => ctx.settings.str('pay', n);
  const cfg = {
    mchid: (await s('wechat_mchid')).trim(),
    appid: (await s('wechat_appid')).trim(),
    serialNo: (await s('wechat_serial_no')).trim(),
    privateKey: (await s('wechat_private_key')).trim(),
    apiV3Key: (await s('wechat_api_key')).trim(),
    platformPublicKey: (await s('wechat_platform_key')).trim(),
    platformSerial: (await s('wechat_platform_serial')).trim(),
    gateway: (await s('wechat_gateway')).trim() || 'https://api.mch.weixin.qq.com',
  };
  if (!cfg.mchid || !cfg.appid || !cfg.serialNo || !cfg.privateKey || !cfg.platformPublicKey || cfg.apiV3Key.length !== 32)
    throw badRequest('微信支付尚未配置完整');
  return cfg;
}
