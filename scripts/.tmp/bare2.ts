import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
const [file, mode, port] = process.argv.slice(2);
const body = readFileSync(file!);
const few = ['content-type', 'text/javascript', 'content-length', String(body.length), 'content-encoding', 'gzip'];
const many = [
  'content-security-policy', "default-src 'self';base-uri 'self';object-src 'none';frame-ancestors 'none';form-action 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https: http:;media-src 'self' blob: https:;font-src 'self' data:;connect-src 'self';frame-src 'self' https:;worker-src 'self' blob:;manifest-src 'self'",
  'cross-origin-opener-policy', 'same-origin', 'cross-origin-resource-policy', 'same-site', 'origin-agent-cluster', '?1',
  'referrer-policy', 'strict-origin-when-cross-origin', 'x-content-type-options', 'nosniff', 'x-dns-prefetch-control', 'off',
  'x-download-options', 'noopen', 'x-frame-options', 'DENY', 'x-permitted-cross-domain-policies', 'none', 'x-xss-protection', '0',
  'cache-control', 'public, max-age=31536000, immutable', 'etag', 'W/"fe03-1a218865ba3"', 'last-modified', 'Thu, 26 Nov 2026 15:43:08 GMT',
  'vary', 'accept-encoding', ...few];
const h = mode === 'many' ? many : few;
const srv = createServer((_req, res) => {
  if (mode === 'sock') {
    // experiment only: one write of a prebuilt head + body
    res.writeHead(200, h);
    res.end(body);
    return;
  }
  res.writeHead(200, h);
  res.end(body);
});
srv.listen(Number(port), '127.0.0.1', () => console.log('listening'));
