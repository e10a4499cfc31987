import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Alipay for tests: the openapi gateway (page/wap pay pages, alipay.trade.query) with
 * Alipay's RSA2 protocol, written from Alipay's documentation independently of the SDK. Requests must
 * carry the app's signature; answers and notifies are signed with the fake's own "Alipay" key.
 */
export interface FakeTrade {
  out_trade_no: string;
  trade_no: string;
  total_amount: string;
  subject: string;
  notify_url: string;
  return_url: string;
  method: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS';
}

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

/** `k=v` of the sorted fields, `sign` (and optionally `sign_type`) left out: what both sides sign. */
export const signContent = (fields: Record<string, string>, dropSignType: boolean) =>
  Object.keys(fields)
    .filter((k) => k !== 'sign' && !(dropSignType && k === 'sign_type') && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const beijingNow = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export class FakeAlipay {
  readonly appId = '2021000000000001';
  readonly app = pair();
  readonly alipay = pair();
  readonly trades = new Map<string, FakeTrade>();
  /** Every gateway request whose signature did not verify. */
  readonly refused: string[] = [];
  private server!: Server;
  url = '';

  get gateway() {
    return `${this.url}/gateway.do`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, type, body, location }) => {
          res.writeHead(status, { 'content-type': type, ...(location ? { location } : {}) });
          res.end(body);
        },
        (err: Error) => {
          res.writeHead(500);
          res.end(err.message);
        },
      );
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }

  signAsAlipay(content: string, key = this.alipay.privateKey): string {
    return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
  }

  private verifyApp(fields: Record<string, string>): boolean {
    try {
      return createVerify('RSA-SHA256')
        .update(signContent(fields, false), 'utf8')
        .verify(this.app.publicKey, fields.sign ?? '', 'base64');
    } catch {
      return false;
    }
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; type: string; body: string; location?: string }> {
    const url = new URL(req.url ?? '/', this.url);
    const html = (status: number, body: string) => ({ status, type: 'text/html; charset=utf-8', body });
    if (url.pathname === '/gateway.do') {
      const fields = Object.fromEntries(url.searchParams);
      if (req.method === 'POST') Object.assign(fields, Object.fromEntries(new URLSearchParams(await readBody(req))));
      if (!this.verifyApp(fields) || fields.app_id !== this.appId) {
        this.refused.push(fields.method ?? '');
        return html(400, '<h1>验签失败</h1>');
      }
      const biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, string>;
      if (fields.method === 'alipay.trade.page.pay' || fields.method === 'alipay.trade.wap.pay') {
        const trade: FakeTrade = {
          out_trade_no: biz.out_trade_no!,
          trade_no: this.trades.get(biz.out_trade_no!)?.trade_no ?? `2026${randomBytes(10).toString('hex')}`,
          total_amount: biz.total_amount!,
          subject: biz.subject!,
          notify_url: fields.notify_url ?? '',
          return_url: fields.return_url ?? '',
          method: fields.method,
          status: this.trades.get(biz.out_trade_no!)?.status ?? 'WAIT_BUYER_PAY',
        };
        this.trades.set(trade.out_trade_no, trade);
        return html(
          200,
          `<!doctype html><meta charset="utf-8"><title>支付宝收银台（测试）</title><h1>支付宝收银台</h1>
<p>商品：<span id="subject">${trade.subject}</span></p><p>应付金额：<b id="amount">${trade.total_amount}</b> 元</p>
<form method="post" action="/pay/${encodeURIComponent(trade.out_trade_no)}"><button type="submit">确认付款</button></form>`,
        );
      }
      if (fields.method === 'alipay.trade.query') {
        const trade = this.trades.get(biz.out_trade_no ?? '');
        const node = trade
          ? {
              code: '10000',
              msg: 'Success',
              trade_no: trade.trade_no,
              out_trade_no: trade.out_trade_no,
              trade_status: trade.status,
              total_amount: trade.total_amount,
            }
          : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
        const json = JSON.stringify(node);
        return {
          status: 200,
          type: 'application/json; charset=utf-8',
          body: `{"alipay_trade_query_response":${json},"sign":"${this.signAsAlipay(json)}"}`,
        };
      }
      return html(400, '<h1>不支持的接口</h1>');
    }
    const pay = /^\/pay\/(.+)$/.exec(url.pathname);
    if (pay && req.method === 'POST') {
      const trade = this.trades.get(decodeURIComponent(pay[1]!));
      if (!trade) return html(404, '<h1>交易不存在</h1>');
      trade.status = 'TRADE_SUCCESS';
      await this.notify(trade);
      return { status: 302, type: 'text/html', body: '', location: trade.return_url };
    }
    return html(404, 'not found');
  }

  /** The fields of a TRADE_SUCCESS notify for a trade, signed (over everything but sign and sign_type). */
  notifyFields(
    trade: FakeTrade,
    overrides: Record<string, string> = {},
    signWith = this.alipay.privateKey,
  ): Record<string, string> {
    const fields: Record<string, string> = {
      gmt_create: beijingNow(),
      charset: 'utf-8',
      gmt_payment: beijingNow(),
      notify_time: beijingNow(),
      subject: trade.subject,
      buyer_id: '2088102177846880',
      invoice_amount: trade.total_amount,
      version: '1.0',
      notify_id: randomBytes(16).toString('hex'),
      fund_bill_list: '[{"amount":"' + trade.total_amount + '","fundChannel":"ALIPAYACCOUNT"}]',
      notify_type: 'trade_status_sync',
      out_trade_no: trade.out_trade_no,
      total_amount: trade.total_amount,
      trade_status: 'TRADE_SUCCESS',
      trade_no: trade.trade_no,
      auth_app_id: this.appId,
      receipt_amount: trade.total_amount,
      point_amount: '0.00',
      app_id: this.appId,
      buyer_pay_amount: trade.total_amount,
      sign_type: 'RSA2',
      seller_id: '2088102177649450',
      ...overrides,
    };
    fields.sign = this.signAsAlipay(signContent(fields, true), signWith);
    return fields;
  }

  /** Posts a notify as Alipay does (form-encoded) and returns Wenku's answer text. */
  async notify(trade: FakeTrade, fields = this.notifyFields(trade)): Promise<string> {
    const res = await fetch(trade.notify_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    });
    return res.text();
  }
}
