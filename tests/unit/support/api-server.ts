/** A tiny real HTTP server on a random port for client tests. */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: Seen, res: ServerResponse) => void | Promise<void>;

export interface TestApi {
  /** `http://127.0.0.1:<port>/api/v1` */
  base: string;
  origin: string;
  seen: Seen[];
  close(): Promise<void>;
}

export function send(res: ServerResponse, status: number, body?: unknown, type = 'application/json'): void {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, text ? { 'Content-Type': type } : {});
  res.end(text);
}

export async function startApi(handler: Handler): Promise<TestApi> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const entry: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      Promise.resolve(handler(entry, res)).catch(() => send(res, 599));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    base: `${origin}/api/v1`,
    origin,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
