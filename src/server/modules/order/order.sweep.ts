import type { AppContext } from '../../context.ts';
import { every } from '../../periodic.ts';
import { OrderRepo } from './order.repo.ts';

/**
 * Closes unpaid orders whose payment time ran out, every `intervalMs` (and once at once); returns a
 * stop function. Reads of an order close it too (order.service ownOrder), so the sweep only keeps
 * the back office's lists and counts current between visits.
 */
export function startOrderSweep(ctx: Pick<AppContext, 'db'>, intervalMs = 60_000, log: (msg: string) => void = console.error) {
  return every(
    intervalMs,
    async () => {
      const n = await new OrderRepo(ctx.db).closeExpired();
      if (n) log(`已关闭超时未支付的订单 ${n} 个`);
    },
    (err) => log(`[order] 关闭超时订单失败：${err.message}`),
  );
}
