// The static benchmark's second anchor: Node's own HTTP server answering one file held in memory with
// fixed headers, nothing else (no routing, no negotiation, no security headers). It shows how far
// the site server is from what Node itself can do, beside nginx.
// node scripts/bench/bare-static.ts <file> <content-type> <port>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, type, port] = process.argv.slice(2);
const body = readFileSync(file!);
const headers = ['content-type', type!, 'content-length', String(body.length), 'content-encoding', 'gzip'];
createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.once('SIGTERM', () => process.exit(0));
