// The anchor of the list benchmarks: a bare Fastify server (no hooks, no database) answering each
// path with the same JSON body the real route gave. node scripts/bench/bare.ts <bodies.json> <port>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bodies = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<string, unknown>;
const app = Fastify();
app.get('/*', async (req, reply) => {
  const body = bodies[req.url];
  return body === undefined ? reply.code(404).send({}) : body;
});
await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
console.log('listening');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
