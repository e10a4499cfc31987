import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { TestApp } from './app.ts';

export interface CapturedMail {
  to: string[];
  subject: string;
  html: string;
}

export interface TestSmtp {
  port: number;
  mails: CapturedMail[];
  /** Resolves with the next mail to arrive (or one already waiting). */
  next(): Promise<CapturedMail>;
  /** Makes the server refuse every message from now on (SMTP 550). */
  refuse(on: boolean): void;
  /** How many messages were refused so far. */
  refused(): number;
  close(): Promise<void>;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`) of a header value. */
function decodeHeader(v: string): string {
  return v.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _cs, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** Reads subject and the HTML body of the single-part message nodemailer sends for `html` only. */
export function parseMail(raw: string, to: string[]): CapturedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  // the raw text is read as latin1 (one char per byte) so that every decoding below is byte-exact
  let html = Buffer.from(body, 'latin1').toString('utf8');
  if (encoding === 'base64') html = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    html = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return { to, subject: decodeHeader(header('Subject')), html };
}

/** A real SMTP server on 127.0.0.1 (random port) that keeps every message it accepts. */
export async function startSmtp(): Promise<TestSmtp> {
  const mails: CapturedMail[] = [];
  const waiting: Array<(m: CapturedMail) => void> = [];
  let refusing = false;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusing) {
          refused++;
          return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        }
        const mail = parseMail(
          Buffer.concat(chunks).toString('latin1'),
          session.envelope.rcptTo.map((r) => r.address),
        );
        const w = waiting.shift();
        if (w) w(mail);
        else mails.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    next: () => {
      const m = mails.shift();
      return m ? Promise.resolve(m) : new Promise((resolve) => waiting.push(resolve));
    },
    refuse(on) {
      refusing = on;
    },
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Points the site's e-mail settings at the test server. */
export async function useSmtp(t: TestApp, smtp: TestSmtp): Promise<void> {
  await t.setConfig('email', 'enable', 'true');
  await t.setConfig('email', 'host', '127.0.0.1');
  await t.setConfig('email', 'port', String(smtp.port));
  await t.setConfig('email', 'is_tls', 'false');
  await t.setConfig('email', 'username', 'noreply@wenku.test');
  await t.setConfig('email', 'password', '');
}
