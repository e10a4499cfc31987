import { VIP_PLANS, type VipPlanKey } from '../money.ts';
import { flag, num, text, group, type SettingEntry } from './define.ts';

/** Seeded prices (fen), quotas and discounts (折) of each plan. */
const PLAN_DEFAULTS = {
  year: { price: 19900, original: 29900, download: 200, times: 20, discount: 7 },
  quarter: { price: 5900, original: 8900, download: 60, times: 10, discount: 8 },
  month: { price: 1990, original: 2990, download: 20, times: 5, discount: 9 },
} as const satisfies Record<VipPlanKey, unknown>;

type PlanField = 'price' | 'original_price' | 'document_discount' | 'download' | 'times_every_day';
type PlanSettings<K extends string> = Record<`${K}_${Exclude<PlanField, 'document_discount'>}`, SettingEntry<'number', true>> &
  Record<`${K}_document_discount`, SettingEntry<'number', false>>;

/**
 * One plan's settings, named as moredoc Pro names them (`year_price` …). Prices, quotas and the
 * daily limit are sent by GET /settings as is; the discount is sent as a fraction (settings.service.ts).
 */
function plan<K extends VipPlanKey>(key: K, sort: number): PlanSettings<K> {
  const d = PLAN_DEFAULTS[key];
  const label = VIP_PLANS.find((p) => p.key === key)!.label;
  const name = label.replace('VIP', '');
  const at = { col: 8 } as const;
  const fields: Record<PlanField, SettingEntry<'number'>> = {
    price: num({
      ...at,
      default: d.price,
      label: `${name}价格(分)`,
      placeholder: `${label}售价，单位为分，如 ${d.price} 表示 ${d.price / 100} 元`,
      sort,
      public: true,
    }),
    original_price: num({
      ...at,
      default: d.original,
      label: `${name}原价(分)`,
      placeholder: '划线原价，单位为分，0表示不显示',
      sort: sort + 1,
      public: true,
    }),
    document_discount: num({
      ...at,
      default: d.discount,
      label: `${name}文档折扣(折)`,
      placeholder: '购买非VIP付费文档的折扣，如 8 表示八折，0或10表示不打折',
      sort: sort + 2,
    }),
    download: num({
      ...at,
      default: d.download,
      label: `${name}VIP文档下载次数`,
      placeholder: '有效期内可免费下载VIP文档的总次数',
      sort: sort + 3,
      public: true,
    }),
    times_every_day: num({
      ...at,
      default: d.times,
      label: `${name}每日下载次数`,
      placeholder: '每天最多下载VIP文档的次数，0表示不限',
      sort: sort + 4,
      public: true,
    }),
  };
  return Object.fromEntries(Object.entries(fields).map(([f, e]) => [`${key}_${f}`, e])) as PlanSettings<K>;
}

export const VIP = group('vip', {
  enable: flag({
    label: '是否启用VIP',
    placeholder: '启用后，前台显示VIP会员页面，用户可购买VIP会员',
    sort: 10,
    col: 8,
    public: true,
  }),
  icon: text({
    label: 'VIP徽章',
    placeholder: '显示在VIP用户头像旁的小图标，留空使用默认徽章',
    input: 'image',
    sort: 11,
    col: 8,
    public: true,
  }),
  enable_credit_pay: flag({
    label: '是否允许积分购买VIP',
    placeholder: '启用后，用户可按【人民币兑积分比例】使用积分购买VIP',
    sort: 12,
    col: 8,
    public: true,
  }),
  ...plan('year', 13),
  ...plan('quarter', 18),
  ...plan('month', 23),
});
