import type { Order } from '../../../contract/order.ts';
import type { Settings } from '../../../api/types.ts';
import { ORDER_TYPE, orderCreditCost, PAYMENT_TYPE } from '../../../domain/money.ts';

export interface PaymentMethod {
  value: number;
  label: string;
  disabled?: boolean;
}

/**
 * The payment methods open to an order: credits where they can pay it (disabled when the balance is
 * short), WeChat Pay and Alipay for VIP and recharge orders where the site enabled them.
 */
export function paymentMethods(
  order: Order,
  settings: Pick<Settings, 'payment' | 'vip'>,
  balance: number,
  credit: string,
): { methods: PaymentMethod[]; creditCost: number | undefined } {
  const creditCost = orderCreditCost(order, {
    vipCreditPay: settings.vip.enable_credit_pay,
    rate: settings.payment.credit_exchange,
  });
  const byMoney = order.order_type !== ORDER_TYPE.document;
  const methods: PaymentMethod[] = [
    ...(creditCost === undefined
      ? []
      : [{ value: PAYMENT_TYPE.credit, label: `${credit}支付（余额 ${balance}）`, disabled: balance < creditCost }]),
    ...(byMoney && settings.payment.wechat ? [{ value: PAYMENT_TYPE.wechat, label: '微信支付' }] : []),
    ...(byMoney && settings.payment.alipay ? [{ value: PAYMENT_TYPE.alipay, label: '支付宝支付' }] : []),
  ];
  return { methods, creditCost };
}

/** The picked method, else the first one open to this order (so 支付订单 works without a click); 0: none. */
export const chosenMethod = (methods: PaymentMethod[], picked: number): number =>
  methods.find((m) => m.value === picked && !m.disabled)?.value ?? methods.find((m) => !m.disabled)?.value ?? 0;
