import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { rowCount, type TestApp } from './app.ts';

/**
 * Real HTTP against the test app: app.inject hands the handler the whole body at once, while a
 * socket delivers it in chunks over time — which is where upload limits and parsing are decided.
 */
export async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

export interface Part {
  name: string;
  filename?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as browsers build it. */
export function multipart(
  parts: Part[],
  boundary = `----WenkuBoundary${randomBytes(8).toString('hex')}`,
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
      Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface Sent {
  port: number;
  path: string;
  token?: string;
  contentType?: string;
  body: Buffer;
  /** bytes per write; the body goes out in pieces, as over a network */
  chunk?: number;
  /** body offsets to stop at for a moment, so that the server reads a piece ending exactly there */
  pauses?: number[];
}

/** POSTs the body over a socket and reads the whole answer (JSON parsed when it is JSON). */
export function post(s: Sent): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-length': s.body.length };
    if (s.contentType) headers['content-type'] = s.contentType;
    if (s.token) headers.authorization = `Bearer ${s.token}`;
    const req = request({ host: '127.0.0.1', port: s.port, path: s.path, method: 'POST', headers }, (res) => {
      const got: Buffer[] = [];
      res.on('data', (c: Buffer) => got.push(c));
      res.on('end', () => {
        const text = Buffer.concat(got).toString();
        let body: any = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    const size = s.chunk ?? 64 * 1024;
    const pauses = [...(s.pauses ?? [])].sort((a, b) => a - b);
    let at = 0;
    const pump = () => {
      while (at < s.body.length) {
        if (pauses[0] === at) {
          pauses.shift();
          return void setTimeout(pump, 100);
        }
        const piece = s.body.subarray(at, Math.min(at + size, pauses[0] ?? Infinity));
        at += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

/** Every file below `dir` (relative paths), for checking what storage kept. */
export function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p).map((f) => join(n, f)) : [n];
  });
}

/** A test app's storage folder (the default local storage). */
export const storageRoot = (t: TestApp): string => join(t.dataDir, 'files');

/** What a test app's storage holds, its files and its attachment rows: a refused upload leaves both as they were. */
export async function stored(t: TestApp): Promise<{ files: string[]; rows: number }> {
  return { files: filesUnder(storageRoot(t)), rows: await rowCount(t, 'attachments') };
}
