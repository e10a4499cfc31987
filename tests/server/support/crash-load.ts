import { randomBytes } from 'node:crypto';
import type { FakeAlipay } from './fake-alipay.ts';
import { minimalPdf } from './documents.ts';

/** The answer of one call over real HTTP; a connection that died with the server rejects. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; form?: FormData } = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

/** What the server answered 200 to, by kind: each must be found after any crash that follows. */
export interface Acknowledged {
  users: Array<{ username: string; password: string }>;
  documents: Array<{ id: number; hash: string }>;
  comments: string[];
  paidOrders: string[];
  /** setting changes go one after another: the last answered value, or the one in flight at the kill */
  sitename: { acked: string | null; inFlight: string | null };
  signIns: number;
}

export const emptyAcknowledged = (): Acknowledged => ({
  users: [],
  documents: [],
  comments: [],
  paidOrders: [],
  sitename: { acked: null, inFlight: null },
  signIns: 0,
});

export interface LoadTarget {
  base: string;
  admin: string;
  /** the category documents are published in */
  categoryId: number;
  /** a converted document open to comments */
  documentId: number;
  alipay: FakeAlipay;
}

/** WENKU_CRASH_DEBUG=1 prints why a write was refused (a harness that acknowledges nothing proves nothing). */
const debug = (what: string, answer: unknown) => {
  if (process.env.WENKU_CRASH_DEBUG) console.log(`[crash] ${what}: ${JSON.stringify(answer).slice(0, 300)}`);
};

const tag = () => randomBytes(4).toString('hex');

/** One kind of write each; each records what was answered 200 into `acked`. */
export const operations: Record<string, (t: LoadTarget, acked: Acknowledged) => Promise<void>> = {
  async register(t, acked) {
    const username = `crash${tag()}`;
    const password = 'member-pass-1';
    const res = await call(t.base, 'POST', '/user/register', {
      body: { username, password, email: `${username}@example.com` },
    });
    if (res.status === 200) acked.users.push({ username, password });
  },
  async signIn(t, acked) {
    const user = acked.users[acked.users.length - 1];
    if (!user) return;
    const res = await call(t.base, 'POST', '/user/login', { body: user });
    if (res.status === 200) acked.signIns++;
  },
  async upload(t, acked) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(minimalPdf(`crash ${tag()} ${Date.now()}`))]), 'crash.pdf');
    const up = await call(t.base, 'POST', '/upload/document', { token: t.admin, form });
    if (up.status !== 200) return;
    const res = await call(t.base, 'POST', '/document', {
      token: t.admin,
      body: { category_id: [t.categoryId], document: [{ title: `崩溃测试${tag()}`, attachment_id: up.body.data.id, price: 0 }] },
    });
    if (res.status === 200) acked.documents.push({ id: res.body.document[0].id, hash: up.body.data.hash });
  },
  async comment(t, acked) {
    const content = `崩溃后仍在的评论 ${tag()}`;
    const res = await call(t.base, 'POST', '/comment', {
      token: t.admin,
      body: { document_id: t.documentId, content, type: 0 },
    });
    if (res.status === 200) acked.comments.push(content);
  },
  async pay(t, acked) {
    const order = await call(t.base, 'POST', '/order', { token: t.admin, body: { order_type: 3, quantity: 1 } });
    if (order.status !== 200) return debug('order', order);
    const pay = await call(t.base, 'POST', '/order/pay', {
      token: t.admin,
      body: { order_no: order.body.order_no, payment_type: 2 },
    });
    if (pay.status !== 200) return debug('pay', pay);
    await fetch(pay.body.payment_url); // the cashier page: the fake records the trade
    const trade = t.alipay.trades.get(order.body.order_no)!;
    trade.status = 'TRADE_SUCCESS';
    // the notify goes to this run of the server (its port changes at every restart)
    trade.notify_url = `${t.base}${new URL(trade.notify_url).pathname}`;
    const answer = await t.alipay.notify(trade);
    if (answer === 'success') acked.paidOrders.push(order.body.order_no);
    else debug('notify', answer);
  },
};

/** Renames the site through the admin settings (one change at a time: see Acknowledged.sitename). */
export async function renameSite(t: LoadTarget, acked: Acknowledged): Promise<void> {
  const list = await call(t.base, 'GET', '/config/list?category=system', { token: t.admin });
  if (list.status !== 200) return;
  const item = (list.body.config as Array<{ name: string; value: string }>).find((c) => c.name === 'sitename')!;
  const value = `站点${tag()}`;
  acked.sitename.inFlight = value;
  const res = await call(t.base, 'PUT', '/config', { token: t.admin, body: { config: [{ ...item, value }] } });
  if (res.status === 200) acked.sitename.acked = value;
  acked.sitename.inFlight = null;
}

/** How many writes were answered 200 so far. */
export const ackCount = (a: Acknowledged) =>
  a.users.length + a.documents.length + a.comments.length + a.paidOrders.length + a.signIns + (a.sitename.acked ? 1 : 0);

/**
 * Runs `lanes` loops of random writes (and one of setting changes); once `killAfter` more writes
 * were answered, `kill` runs while the other lanes' calls are still in flight. A call cut off by
 * the kill is simply not acknowledged. Resolves when the kill is done and every lane has ended.
 */
export async function runLoad(
  t: LoadTarget,
  acked: Acknowledged,
  killAfter: number,
  kill: () => Promise<void>,
  lanes = 3,
): Promise<void> {
  const target = ackCount(acked) + killAfter;
  const state: { killed?: Promise<void> } = {};
  const kinds = Object.keys(operations);
  const lane = async (i: number) => {
    while (!state.killed) {
      const op = i === 0 ? renameSite : operations[kinds[Math.floor(Math.random() * kinds.length)]!]!;
      await op(t, acked).catch(() => undefined);
      if (!state.killed && ackCount(acked) >= target) state.killed = kill();
    }
  };
  await Promise.all(Array.from({ length: lanes + 1 }, (_, i) => lane(i)));
  await state.killed;
}
