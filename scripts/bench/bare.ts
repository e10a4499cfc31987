// The anchors of the list benchmarks: a bare Fastify server (no hooks, no database) answering each
// path with the same body the real route gave, either serialising the JSON value on every request
// or (under /bytes) sending it as bytes encoded once at start, the most any Fastify route can do.
// node scripts/bench/bare.ts <bodies.json> <port>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/** Path prefix of the pre-encoded answers (bench-lists.ts asks for it). */
const BYTES_PREFIX = '/bytes';

const bodies = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<string, unknown>;
const encoded = new Map(Object.entries(bodies).map(([url, body]) => [url, Buffer.from(JSON.stringify(body))]));
const app = Fastify();
app.get(`${BYTES_PREFIX}/*`, async (req, reply) => {
  const bytes = encoded.get(req.url.slice(BYTES_PREFIX.length));
  if (!bytes) return reply.code(404).send({});
  return reply.type('application/json; charset=utf-8').send(bytes);
});
app.get('/*', async (req, reply) => {
  const body = bodies[req.url];
  return body === undefined ? reply.code(404).send({}) : body;
});
await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
console.log('listening');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
