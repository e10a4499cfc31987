import { describe, expect, it } from 'vitest';
import {
  creditsForFen,
  discounted,
  discountPercent,
  FULL_PRICE,
  isRepeatPayment,
  orderCreditCost,
  ORDER_TYPE,
  percentOfFraction,
  rechargeFen,
  redownloadWindowStart,
  vipExpiry,
} from '../../src/domain/money.ts';

describe('the money rules (src/domain/money.ts)', () => {
  it('reads a 折 setting as a percent of the price, anything else as none', () => {
    expect(discountPercent('8')).toBe(80);
    expect(discountPercent('9.5')).toBe(95);
    for (const v of ['', '0', '10', 'abc', '-3']) expect(discountPercent(v)).toBe(FULL_PRICE);
    expect(percentOfFraction(0.85)).toBe(85);
    expect(percentOfFraction(undefined)).toBe(100);
  });

  it('rounds discounted prices, recharges and credit costs up, never down', () => {
    expect(discounted(9, 85)).toBe(8); // 7.65 credits → 8
    expect(discounted(0, 50)).toBe(0);
    expect(rechargeFen(3, 95)).toBe(285);
    expect(rechargeFen(1, 33)).toBe(33);
    expect(creditsForFen(1990, 3)).toBe(60); // 59.7 → 60
  });

  it('prices an order in credits: documents by amount, VIP at the rate when allowed, recharges never', () => {
    const site = { vipCreditPay: true, rate: 10 };
    expect(orderCreditCost({ order_type: ORDER_TYPE.document, amount: 7 }, site)).toBe(7);
    expect(orderCreditCost({ order_type: ORDER_TYPE.vip, amount: 1990 }, site)).toBe(199);
    expect(orderCreditCost({ order_type: ORDER_TYPE.vip, amount: 1990 }, { ...site, vipCreditPay: false })).toBeUndefined();
    expect(orderCreditCost({ order_type: ORDER_TYPE.vip, amount: 1990 }, { ...site, rate: 0 })).toBeUndefined();
    expect(orderCreditCost({ order_type: ORDER_TYPE.recharge, amount: 1000 }, site)).toBeUndefined();
  });

  it('ends a membership on the same day of a later month, or that month’s last day', () => {
    expect(vipExpiry(new Date('2025-01-31T08:00:00Z'), 1).toISOString()).toBe('2025-02-28T08:00:00.000Z');
    expect(vipExpiry(new Date('2024-01-31T08:00:00Z'), 1).toISOString()).toBe('2024-02-29T08:00:00.000Z');
    expect(vipExpiry(new Date('2025-11-15T00:00:00Z'), 3).toISOString()).toBe('2026-02-15T00:00:00.000Z');
  });

  it('opens the free re-download window the given days back, never in the future', () => {
    const now = Date.parse('2025-06-10T00:00:00Z');
    expect(redownloadWindowStart(2, now)).toBe('2025-06-08T00:00:00.000Z');
    expect(redownloadWindowStart(-5, now)).toBe('2025-06-10T00:00:00.000Z');
  });

  it('tells a repeated notice from a second payment that needs a refund', () => {
    const order = { payment_type: 2, trade_no: 'T1', refund_trade_no: '' };
    expect(isRepeatPayment(order, 2, 'T1')).toBe(true);
    expect(isRepeatPayment(order, 1, 'T1')).toBe(false);
    expect(isRepeatPayment(order, 2, 'T2')).toBe(false);
    expect(isRepeatPayment({ ...order, refund_trade_no: 'T2' }, 1, 'T2')).toBe(true);
  });
});
