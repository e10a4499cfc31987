// The static benchmark's anchors: Node's own HTTP server answering one file held in memory with
// fixed headers, nothing else (no routing, no negotiation). With a headers file (JSON, a flat
// list of names and values) it sends exactly those, the headers the site server answered the same
// file with: the same answer, byte for byte but the date. Without one it sends only the file's type,
// length and encoding: how far Node itself is from nginx on this machine.
// node scripts/bench/bare-static.ts <file> <content-type> <port> [<headers.json>]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, type, port, headersFile] = process.argv.slice(2);
const body = readFileSync(file!);
const headers: string[] = headersFile
  ? (JSON.parse(readFileSync(headersFile, 'utf8')) as string[])
  : ['content-type', type!, 'content-length', String(body.length), 'content-encoding', 'gzip'];
createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.once('SIGTERM', () => process.exit(0));
