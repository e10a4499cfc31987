import { pino, type DestinationStream, type Logger } from 'pino';

export type Log = Logger;

/**
 * The process's JSON log: one line per event on stdout (`{"level":30,"time":"…","msg":"…",…}`), at the
 * level of WENKU_LOG. Requests log one line each (http/access-log.ts); a document's conversion and
 * render lines carry the `reqId` of the request that uploaded it. Nothing here is handed a request's
 * headers or body, and `redact` is the second line of defence for fields that must never be written.
 */
export function createLog(level: string, destination?: DestinationStream): Log {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['password', 'token', 'authorization', 'cookie', '*.password', '*.token', '*.authorization', '*.cookie'],
      censor: '[已隐藏]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** A log that writes nothing (tests, tools that only want the calls to type-check). */
export const silentLog = (): Log => pino({ level: 'silent' });

/** Query parameters and route parameters whose values are secrets (passwords, tokens, signatures, codes). */
const SECRET_NAME = /pass|token|secret|sign|jwt|code|captcha|key|auth|ticket/i;

/** Routes whose wildcard is a secret: a download link's path is its signed token. */
const SECRET_WILDCARD = new Set(['/download/*']);

/**
 * The URL as a log may show it: the values of secret-looking query parameters replaced, and so are the
 * route's secret parameters (`/download/<token>`: a signed link).
 */
export function loggableUrl(url: string, pattern: string | undefined, params: unknown): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  if (pattern && params && typeof params === 'object') {
    for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
      const secret = SECRET_NAME.test(name) || (name === '*' && SECRET_WILDCARD.has(pattern));
      if (secret && typeof value === 'string' && value) path = path.split(value).join('[已隐藏]');
    }
  }
  if (q < 0) return path;
  const query = new URLSearchParams(url.slice(q + 1));
  for (const name of [...query.keys()]) if (SECRET_NAME.test(name)) query.set(name, '[已隐藏]');
  return `${path}?${query.toString()}`;
}
