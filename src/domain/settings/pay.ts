import { MAX_EXCHANGE_RATE } from '../money.ts';
import { flag, group, num, password, text } from './define.ts';

export const PAY = group('pay', {
  enable_wechat: flag({
    label: '是否启用微信支付',
    placeholder: '启用后，用户可使用微信支付购买VIP、文档或充值积分',
    sort: 10,
    col: 8,
  }),
  wechat_appid: text({ label: '微信支付 AppID', placeholder: '与微信支付商户号绑定的公众号或小程序 AppID', sort: 11, col: 12 }),
  wechat_mchid: text({ label: '微信支付商户号', placeholder: '微信支付商户号（MchID）', sort: 12, col: 12 }),
  wechat_serial_no: text({ label: '商户API证书序列号', placeholder: '商户API证书的序列号，用于请求签名', sort: 13, col: 12 }),
  wechat_private_key: password({
    label: '商户API私钥',
    placeholder: '商户API证书私钥（apiclient_key.pem 的内容），用于请求签名',
    sort: 14,
  }),
  wechat_api_key: password({
    label: '微信支付 APIv3 密钥',
    placeholder: '商户平台中设置的 APIv3 密钥（32位），用于解密支付通知',
    sort: 15,
  }),
  wechat_platform_key: text({
    label: '微信支付平台公钥或平台证书',
    placeholder: '微信支付公钥（或平台证书）PEM 内容，用于验证应答与支付通知的签名',
    input: 'textarea',
    sort: 16,
  }),
  wechat_platform_serial: text({
    label: '微信支付公钥ID/平台证书序列号',
    placeholder: '与上面的公钥或证书对应的ID/序列号',
    sort: 17,
    col: 12,
  }),
  wechat_gateway: text({
    default: 'https://api.mch.weixin.qq.com',
    label: '微信支付接口地址',
    placeholder: '一般无需修改',
    sort: 18,
  }),
  enable_alipay: flag({
    label: '是否启用支付宝支付',
    placeholder: '启用后，用户可使用支付宝购买VIP、文档或充值积分',
    sort: 19,
    col: 8,
  }),
  alipay_appid: text({ label: '支付宝 AppID', placeholder: '支付宝开放平台的应用 AppID', sort: 20, col: 12 }),
  alipay_private_key: password({ label: '支付宝应用私钥', placeholder: '支付宝开放平台生成的应用私钥（RSA2）', sort: 21 }),
  alipay_public_key: text({
    label: '支付宝公钥',
    placeholder: '支付宝开放平台提供的支付宝公钥，用于验证异步通知签名',
    input: 'textarea',
    sort: 22,
  }),
  alipay_gateway: text({
    default: 'https://openapi.alipay.com/gateway.do',
    label: '支付宝网关地址',
    placeholder: '一般无需修改',
    sort: 23,
  }),
  exchange_rate: num({
    default: 100,
    label: '人民币兑积分比例',
    placeholder: '1元人民币可兑换的积分数量（积分充值、积分购买VIP时使用）',
    sort: 24,
    col: 12,
    // what money is computed from (see MAX_CREDIT_BALANCE)
    bounds: [0, MAX_EXCHANGE_RATE],
  }),
  order_timeout: num({
    default: 30,
    label: '未支付订单超时(分钟)',
    placeholder: '订单创建后超过该时长仍未支付则自动关闭',
    sort: 25,
    col: 12,
  }),
});
