import type { AppContext } from '../../../context.ts';
import { badRequest } from '../../../http/errors.ts';
import type { WechatPayConfig } from './wechatpay.ts';
import { SETTINGS } from '../../../../domain/settings/index.ts';
import { siteBase } from '../../../../domain/urls.ts';

/** Addresses the providers call back and send the payer to, built on the site domain (system.domain). */
export async function siteUrls(ctx: AppContext) {
  const domain = siteBase(await ctx.settings.get(SETTINGS.system.domain));
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
  const pay = await ctx.settings.group(SETTINGS.pay);
  const cfg = {
    appId: pay.alipay_appid.trim(),
    privateKey: pay.alipay_private_key.trim(),
    alipayPublicKey: pay.alipay_public_key.trim(),
    gateway: pay.alipay_gateway.trim() || SETTINGS.pay.alipay_gateway.default,
  };
  if (!cfg.appId || !cfg.privateKey || !cfg.alipayPublicKey) throw badRequest('支付宝支付尚未配置完整');
  return cfg;
}

export async function wechatConfig(ctx: AppContext): Promise<WechatPayConfig> {
  const pay = await ctx.settings.group(SETTINGS.pay);
  const cfg = {
    mchid: pay.wechat_mchid.trim(),
    appid: pay.wechat_appid.trim(),
    serialNo: pay.wechat_serial_no.trim(),
    privateKey: pay.wechat_private_key.trim(),
    apiV3Key: pay.wechat_api_key.trim(),
    platformPublicKey: pay.wechat_platform_key.trim(),
    platformSerial: pay.wechat_platform_serial.trim(),
    gateway: pay.wechat_gateway.trim() || SETTINGS.pay.wechat_gateway.default,
  };
  if (!cfg.mchid || !cfg.appid || !cfg.serialNo || !cfg.privateKey || !cfg.platformPublicKey || cfg.apiV3Key.length !== 32)
    throw badRequest('微信支付尚未配置完整');
  return cfg;
}
