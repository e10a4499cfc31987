import type { FastifyInstance } from 'fastify';
import { alipayAnswer, payNotifyApi, wechatFail } from '../../../../contract/pay-notify.ts';
import { confirmPaid } from '../pay.service.ts';
import { alipayVerifyNotify } from './alipay.ts';
import { alipayConfig, wechatConfig } from './pay.config.ts';
import { decryptResource, verifyWechatSignature } from './wechatpay.ts';
import { SETTINGS } from '../../../../domain/settings/index.ts';

interface WechatNotify {
  event_type?: string;
  resource?: { ciphertext: string; nonce: string; associated_data?: string };
}
interface WechatTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number };
}

/**
 * Payment notifies (`{domain}/api/v1/callback/{alipay,wechatpay}`). The raw body is kept: both
 * providers sign exactly what they send. A bad signature, another merchant, a wrong amount or an
 * unknown order changes nothing and is logged (payment_logs); a repeat of a good notify pays once.
 */
export default async function payNotifyRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.removeContentTypeParser(['application/json']);
  for (const type of ['application/json', 'application/x-www-form-urlencoded'])
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  const { calls } = payNotifyApi;
  // the table's entries, registered by hand: the answers are the providers' (plain text, 204 / 400 FAIL)
  const schema = (call: (typeof calls)[keyof typeof calls]) => ({ tags: [...payNotifyApi.tags], summary: call.summary });
  // every notification is counted by outcome (wenku_payment_notifies_total): paid, refused (order or
  // amount wrong), disabled, or what bad() logs (bad_signature, wrong_app, wrong_merchant, not_paid)
  const count = (provider: string, outcome: string) => ctx.metrics.paymentNotifies.inc({ provider, outcome });
  const bad = (provider: string, orderNo: string, outcome: string, detail: string, ip: string) => {
    count(provider, outcome);
    return ctx.repos.order.logPayment({ provider, order_no: orderNo, outcome, detail: detail.slice(0, 500), ip });
  };

  app.post(
    calls.alipay.path,
    {
      schema: {
        ...schema(calls.alipay),
        response: {
          200: { description: alipayAnswer.description, content: { 'text/plain': { schema: calls.alipay.reply } } },
        },
      },
      config: { access: calls.alipay.access },
    },
    async (req, reply) => {
      const fields = Object.fromEntries(new URLSearchParams(typeof req.body === 'string' ? req.body : ''));
      const orderNo = fields.out_trade_no ?? '';
      const fail = () => reply.type('text/plain').send('fail');
      if (!(await ctx.settings.get(SETTINGS.pay.enable_alipay))) {
        count('alipay', 'disabled');
        return fail();
      }
      const cfg = await alipayConfig(ctx).catch(() => undefined);
      if (!cfg || !(await alipayVerifyNotify(ctx, fields).catch(() => false))) {
        await bad('alipay', orderNo, 'bad_signature', '', req.auth.ip);
        return fail();
      }
      if (fields.app_id !== cfg.appId) {
        await bad('alipay', orderNo, 'wrong_app', fields.app_id ?? '', req.auth.ip);
        return fail();
      }
      if (fields.trade_status !== 'TRADE_SUCCESS' && fields.trade_status !== 'TRADE_FINISHED') {
        await bad('alipay', orderNo, 'not_paid', fields.trade_status ?? '', req.auth.ip);
        return reply.type('text/plain').send('success');
      }
      const amount = Math.round(Number(fields.total_amount) * 100);
      const ok = await confirmPaid(ctx, { provider: 'alipay', orderNo, tradeNo: fields.trade_no ?? '', amount, ip: req.auth.ip });
      count('alipay', ok ? 'paid' : 'refused');
      return ok ? reply.type('text/plain').send('success') : fail();
    },
  );

  app.post(
    calls.wechatpay.path,
    {
      schema: {
        ...schema(calls.wechatpay),
        response: {
          204: calls.wechatpay.reply,
          400: { description: '未处理，微信支付稍后重发', content: { 'application/json': { schema: wechatFail } } },
        },
      },
      config: { access: calls.wechatpay.access },
    },
    async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const fail = (message: string) => reply.code(400).send({ code: 'FAIL', message });
      const cfg = (await ctx.settings.get(SETTINGS.pay.enable_wechat))
        ? await wechatConfig(ctx).catch(() => undefined)
        : undefined;
      if (!cfg) {
        count('wechat', 'disabled');
        return fail(
          cfg === undefined && !(await ctx.settings.get(SETTINGS.pay.enable_wechat)) ? '未开启微信支付' : '未配置微信支付',
        );
      }
      let tx: WechatTransaction;
      try {
        verifyWechatSignature(cfg, req.headers, raw);
        const notify = JSON.parse(raw) as WechatNotify;
        if (notify.event_type !== 'TRANSACTION.SUCCESS' || !notify.resource) {
          await bad('wechat', '', 'not_paid', notify.event_type ?? '', req.auth.ip);
          return reply.code(204).send();
        }
        tx = JSON.parse(decryptResource(notify.resource, cfg.apiV3Key)) as WechatTransaction;
      } catch (err) {
        await bad('wechat', '', 'bad_signature', (err as Error).message, req.auth.ip);
        return fail('验签失败');
      }
      const orderNo = tx.out_trade_no ?? '';
      if (tx.mchid !== cfg.mchid || tx.appid !== cfg.appid) {
        await bad('wechat', orderNo, 'wrong_merchant', `${tx.mchid} ${tx.appid}`, req.auth.ip);
        return fail('商户不符');
      }
      if (tx.trade_state !== 'SUCCESS') {
        await bad('wechat', orderNo, 'not_paid', tx.trade_state ?? '', req.auth.ip);
        return reply.code(204).send();
      }
      const ok = await confirmPaid(ctx, {
        provider: 'wechat',
        orderNo,
        tradeNo: tx.transaction_id ?? '',
        amount: tx.amount?.total ?? -1,
        ip: req.auth.ip,
      });
      count('wechat', ok ? 'paid' : 'refused');
      return ok ? reply.code(204).send() : fail('订单不存在或金额不符');
    },
  );
}
