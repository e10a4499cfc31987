import { z } from 'zod';
import { endpoint, service } from './endpoint.ts';

/** What the providers expect back: their documented answers, not this API's `{code, message}` errors. */
export const alipayAnswer = z.enum(['success', 'fail']).describe('纯文本：success 表示已处理，fail 请支付宝稍后重发');
export const wechatFail = z.object({ code: z.literal('FAIL'), message: z.string() });

/**
 * Payment notifies (`{domain}/api/v1/callback/{alipay,wechatpay}`): the providers call them, signed, and
 * read the answer in their own terms (alipay plain text, WeChat Pay 204 or 400 with `wechatFail`).
 */
export const payNotifyApi = service('PayNotify', '支付回调', {
  calls: {
    alipay: endpoint.post('/callback/alipay', 'public', { reply: alipayAnswer }),
    wechatpay: endpoint.post('/callback/wechatpay', 'public', {
      status: 204,
      reply: z.null().describe('已处理，微信支付不再重发'),
    }),
  },
  summaries: {
    alipay: '支付宝异步通知（RSA2 验签）',
    wechatpay: '微信支付 v3 通知（平台公钥验签，AEAD_AES_256_GCM 解密）',
  },
});
