import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local WeChat Pay API v3 for tests, written from the v3 documentation independently of Wenku's
 * client: requests must carry a valid `WECHATPAY2-SHA256-RSA2048` merchant signature; answers and
 * notifies are signed with the fake's platform key; notify resources are AEAD_AES_256_GCM
 * encrypted with the APIv3 key.
 */
export interface FakeWxTrade {
  out_trade_no: string;
  transaction_id: string;
  total: number;
  description: string;
  notify_url: string;
  kind: 'native' | 'h5';
  state: 'NOTPAY' | 'SUCCESS';
}

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const lines = (parts: string[]) => parts.map((p) => `${p}\n`).join('');

export class FakeWechatPay {
  readonly mchid = '1900000109';
  readonly appid = 'wx8888888888888888';
  readonly merchantSerial = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
  readonly platformSerial = 'PUB_KEY_ID_0114232134912410000000000000';
  readonly apiV3Key = randomBytes(16).toString('hex'); // 32 characters
  readonly merchant = pair();
  readonly platform = pair();
  readonly trades = new Map<string, FakeWxTrade>();
  readonly refused: string[] = [];
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, body }) => {
          const text = body === undefined ? '' : JSON.stringify(body);
          res.writeHead(status, { 'content-type': 'application/json', ...this.signedHeaders(text) });
          res.end(text);
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

  /** `Wechatpay-*` headers signing a body with the platform key (or another key, for forgeries). */
  signedHeaders(body: string, opts: { key?: string; timestamp?: number; serial?: string } = {}) {
    const ts = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = createSign('RSA-SHA256')
      .update(lines([ts, nonce, body]))
      .sign(opts.key ?? this.platform.privateKey, 'base64');
    return {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': opts.serial ?? this.platformSerial,
    };
  }

  private verifyMerchant(req: IncomingMessage, path: string, body: string): boolean {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const f = Object.fromEntries([...auth.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (f.mchid !== this.mchid || f.serial_no !== this.merchantSerial) return false;
    if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
    try {
      return createVerify('RSA-SHA256')
        .update(lines([req.method ?? '', path, f.timestamp ?? '', f.nonce_str ?? '', body]))
        .verify(this.merchant.publicKey, f.signature ?? '', 'base64');
    } catch {
      return false;
    }
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body?: unknown }> {
    const path = req.url ?? '/';
    const body = req.method === 'POST' ? await readBody(req) : '';
    const url = new URL(path, this.url);
    const pay = /^\/pay\/(.+)$/.exec(url.pathname);
    if (pay && req.method === 'POST') {
      // the payer scanned the code and paid
      const trade = this.trades.get(decodeURIComponent(pay[1]!));
      if (!trade) return { status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } };
      trade.state = 'SUCCESS';
      const status = await this.notify(trade);
      return { status: 200, body: { notified: status } };
    }
    if (!this.verifyMerchant(req, path, body)) {
      this.refused.push(path);
      return { status: 401, body: { code: 'SIGN_ERROR', message: '签名错误' } };
    }
    const kind =
      url.pathname === '/v3/pay/transactions/native' ? 'native' : url.pathname === '/v3/pay/transactions/h5' ? 'h5' : '';
    if (kind && req.method === 'POST') {
      const b = JSON.parse(body) as {
        appid: string;
        mchid: string;
        description: string;
        out_trade_no: string;
        notify_url: string;
        amount: { total: number };
      };
      if (b.appid !== this.appid || b.mchid !== this.mchid)
        return { status: 400, body: { code: 'PARAM_ERROR', message: '商户号或AppID不符' } };
      const trade: FakeWxTrade = {
        out_trade_no: b.out_trade_no,
        transaction_id: this.trades.get(b.out_trade_no)?.transaction_id ?? `42000${randomBytes(12).toString('hex')}`,
        total: b.amount.total,
        description: b.description,
        notify_url: b.notify_url,
        kind,
        state: this.trades.get(b.out_trade_no)?.state ?? 'NOTPAY',
      };
      this.trades.set(trade.out_trade_no, trade);
      const code = `weixin://wxpay/bizpayurl?pr=${encodeURIComponent(trade.out_trade_no)}`;
      return { status: 200, body: kind === 'native' ? { code_url: code } : { h5_url: `${this.url}/h5/${trade.out_trade_no}` } };
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (query && req.method === 'GET') {
      const trade = this.trades.get(decodeURIComponent(query[1]!));
      if (!trade) return { status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } };
      return { status: 200, body: this.transaction(trade) };
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: '接口不存在' } };
  }

  transaction(trade: FakeWxTrade) {
    return {
      appid: this.appid,
      mchid: this.mchid,
      out_trade_no: trade.out_trade_no,
      transaction_id: trade.transaction_id,
      trade_type: trade.kind === 'native' ? 'NATIVE' : 'MWEB',
      trade_state: trade.state,
      trade_state_desc: trade.state === 'SUCCESS' ? '支付成功' : '未支付',
      success_time: new Date().toISOString(),
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: trade.total, payer_total: trade.total, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  /** A TRADE.SUCCESS notify body for a trade: the transaction encrypted with the APIv3 key (or another). */
  notifyBody(trade: FakeWxTrade, overrides: Record<string, unknown> = {}, key = this.apiV3Key): string {
    const plain = JSON.stringify({ ...this.transaction(trade), ...overrides });
    const nonce = randomBytes(6).toString('hex');
    const aad = 'transaction';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    return JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: aad, nonce },
    });
  }

  /** Posts a notify as WeChat Pay does; returns Wenku's HTTP status. */
  async notify(trade: FakeWxTrade, body = this.notifyBody(trade), headers = this.signedHeaders(body)): Promise<number> {
    const res = await fetch(trade.notify_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  }
}
