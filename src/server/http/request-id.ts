import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header every answer carries its request's id in (and a front proxy may hand one in). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids a front proxy may pass on (nginx's `$request_id`, a UUID): short, plain characters, so a log line stays one line. */
const VALID = /^[\w.:-]{8,64}$/;

// unique across processes and restarts without a random draw per request: a random prefix and a counter
const prefix = randomBytes(4).toString('hex');
let counter = 0;

/** The id of a request: the proxy's when it sent a valid one, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  if (typeof given === 'string' && VALID.test(given)) return given;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${prefix}-${counter.toString(36)}`;
}
