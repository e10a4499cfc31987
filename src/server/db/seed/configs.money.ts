/**
 * Config seeds of the paid features (issue 11): the `pay` and `vip` tabs, recharge settings on the
 * `score` tab and the site time zone (daily sign-in counts calendar days in it). VIP names follow
 * moredoc Pro's settings (`{year,quarter,month}_{price,original_price,download,times_every_day,
 * document_discount}`); prices are in fen.
 */
import type { ConfigSeed } from './configs.ts';
import { VIP_PLANS } from '../../../domain/money.ts';

type Item = Omit<ConfigSeed, 'category' | 'options' | 'col_num' | 'sort'> & Partial<Pick<ConfigSeed, 'options' | 'col_num'>>;

const items = (category: string, start: number, list: Item[]): ConfigSeed[] =>
  list.map((i, n) => ({ options: '', col_num: 12, ...i, category, sort: start + n }));

const secret = (name: string, label: string, placeholder: string): Item => ({
  name,
  label,
  value: '',
  placeholder,
  input_type: 'password',
  col_num: 24,
  is_secret: true,
});
const text = (name: string, label: string, value: string, placeholder: string, col_num = 12): Item => ({
  name,
  label,
  value,
  placeholder,
  input_type: 'text',
  col_num,
});
const num = (name: string, label: string, value: string, placeholder: string, col_num = 8): Item => ({
  name,
  label,
  value,
  placeholder,
  input_type: 'number',
  col_num,
});
const flag = (name: string, label: string, placeholder: string, value = 'false'): Item => ({
  name,
  label,
  value,
  placeholder,
  input_type: 'switch',
  col_num: 8,
});
const area = (name: string, label: string, placeholder: string): Item => ({
  name,
  label,
  value: '',
  placeholder,
  input_type: 'textarea',
  col_num: 24,
});

const VIP_DEFAULTS = {
  year: { price: '19900', original: '29900', download: '200', times: '20', discount: '7' },
  quarter: { price: '5900', original: '8900', download: '60', times: '10', discount: '8' },
  month: { price: '1990', original: '2990', download: '20', times: '5', discount: '9' },
};

export const MONEY_CONFIG_SEEDS: ConfigSeed[] = [
  ...items('system', 200, [
    text(
      'timezone',
      '网站时区',
      'Asia/Shanghai',
      '如 Asia/Shanghai；页面上显示的时间，以及每日签到、每日次数的自然日，都按该时区计算',
    ),
  ]),
  ...items('score', 100, [
    flag('enable_recharge', '是否开放积分充值', '开启后，用户可在页头菜单中用微信支付或支付宝充值积分'),
    area(
      'recharge_discount',
      '充值折扣',
      '每行一条，格式为 金额:折扣，如 100:9.5 表示单次充值满100元按9.5折支付；积分按【支付配置】中的人民币兑积分比例发放',
    ),
  ]),
  ...items('pay', 10, [
    flag('enable_wechat', '是否启用微信支付', '启用后，用户可使用微信支付购买VIP、文档或充值积分'),
    text('wechat_appid', '微信支付 AppID', '', '与微信支付商户号绑定的公众号或小程序 AppID'),
    text('wechat_mchid', '微信支付商户号', '', '微信支付商户号（MchID）'),
    text('wechat_serial_no', '商户API证书序列号', '', '商户API证书的序列号，用于请求签名'),
    secret('wechat_private_key', '商户API私钥', '商户API证书私钥（apiclient_key.pem 的内容），用于请求签名'),
    secret('wechat_api_key', '微信支付 APIv3 密钥', '商户平台中设置的 APIv3 密钥（32位），用于解密支付通知'),
    area('wechat_platform_key', '微信支付平台公钥或平台证书', '微信支付公钥（或平台证书）PEM 内容，用于验证应答与支付通知的签名'),
    text('wechat_platform_serial', '微信支付公钥ID/平台证书序列号', '', '与上面的公钥或证书对应的ID/序列号'),
    text('wechat_gateway', '微信支付接口地址', 'https://api.mch.weixin.qq.com', '一般无需修改', 24),
    flag('enable_alipay', '是否启用支付宝支付', '启用后，用户可使用支付宝购买VIP、文档或充值积分'),
    text('alipay_appid', '支付宝 AppID', '', '支付宝开放平台的应用 AppID'),
    secret('alipay_private_key', '支付宝应用私钥', '支付宝开放平台生成的应用私钥（RSA2）'),
    area('alipay_public_key', '支付宝公钥', '支付宝开放平台提供的支付宝公钥，用于验证异步通知签名'),
    text('alipay_gateway', '支付宝网关地址', 'https://openapi.alipay.com/gateway.do', '一般无需修改', 24),
    num('exchange_rate', '人民币兑积分比例', '100', '1元人民币可兑换的积分数量（积分充值、积分购买VIP时使用）', 12),
    num('order_timeout', '未支付订单超时(分钟)', '30', '订单创建后超过该时长仍未支付则自动关闭', 12),
  ]),
  ...items('vip', 10, [
    flag('enable', '是否启用VIP', '启用后，前台显示VIP会员页面，用户可购买VIP会员'),
    {
      name: 'icon',
      label: 'VIP徽章',
      value: '',
      placeholder: '显示在VIP用户头像旁的小图标，留空使用默认徽章',
      input_type: 'image',
      col_num: 8,
    },
    flag('enable_credit_pay', '是否允许积分购买VIP', '启用后，用户可按【人民币兑积分比例】使用积分购买VIP'),
    ...VIP_PLANS.flatMap((p): Item[] => {
      const d = VIP_DEFAULTS[p.key];
      const name = p.label.replace('VIP', '');
      return [
        num(
          `${p.key}_price`,
          `${name}价格(分)`,
          d.price,
          `${p.label}售价，单位为分，如 ${d.price} 表示 ${Number(d.price) / 100} 元`,
        ),
        num(`${p.key}_original_price`, `${name}原价(分)`, d.original, '划线原价，单位为分，0表示不显示'),
        num(
          `${p.key}_document_discount`,
          `${name}文档折扣(折)`,
          d.discount,
          '购买非VIP付费文档的折扣，如 8 表示八折，0或10表示不打折',
        ),
        num(`${p.key}_download`, `${name}VIP文档下载次数`, d.download, '有效期内可免费下载VIP文档的总次数'),
        num(`${p.key}_times_every_day`, `${name}每日下载次数`, d.times, '每天最多下载VIP文档的次数，0表示不限'),
      ];
    }),
  ]),
];
