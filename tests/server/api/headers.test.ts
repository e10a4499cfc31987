import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const AUTH_FLAG = "try{if(localStorage.getItem('t'))document.documentElement.setAttribute('data-auth','')}catch(e){}";
const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/** The CSP header as a map of directive → sources. */
function directives(header: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

describeEachDialect('security headers on %s', { admin: false, member: false }, () => {
  onStart(async ({ t }) => {
    const root = t.ctx.config.siteDir;
    for (const [file, body] of Object.entries({
      'admin.html': `<!doctype html><html><head><script>${AUTH_FLAG}</script><script type="module" src="/_astro/a.js"></script><script type="application/json" id="d">{"a":1}</script></head><body>后台</body></html>`,
      '404.html': '<!doctype html><html><body>出错啦！<script>console.log(404)</script></body></html>',
      'plain.html': '<!doctype html><p>no scripts</p>',
    })) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), body);
    }
  });

  const expectCommon = (headers: Record<string, unknown>, what: string) => {
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    const csp = directives(headers['content-security-policy']);
    expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
    expect(csp.get('object-src'), what).toEqual(["'none'"]);
    expect(csp.get('script-src'), what).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src'), what).not.toContain("'unsafe-eval'");
    return csp;
  };

  it('puts CSP, frame, sniffing and referrer headers on API answers, errors included', async ({ t }) => {
    for (const url of ['/api/v1/settings', '/api/v1/stats', '/api/v1/no-such-route', '/api/v1/document?id=x']) {
      const res = await t.call({ url });
      expect(res.headers['content-type'], url).toContain('application/json');
      const csp = expectCommon(res.headers, url);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
    }
  });

  it('lets a page run exactly its own inline scripts, by hash', async ({ t }) => {
    const admin = await t.call({ url: '/admin' });
    expect(admin.status).toBe(200);
    const csp = expectCommon(admin.headers, '/admin');
    expect(csp.get('script-src')).toEqual(["'self'", sha(AUTH_FLAG)]); // the JSON data block runs nothing
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);

    const missing = await t.call({ url: '/no/such/page' });
    expect(missing.status).toBe(404);
    expect(expectCommon(missing.headers, '404').get('script-src')).toEqual(["'self'", sha('console.log(404)')]);

    const plain = await t.call({ url: '/plain' });
    expect(expectCommon(plain.headers, 'plain').get('script-src')).toEqual(["'self'"]);
  });

  it('follows a rebuilt page: new inline scripts, new hashes', async ({ t }) => {
    const file = join(t.ctx.config.siteDir, 'plain.html');
    writeFileSync(file, '<!doctype html><p>rebuilt</p><script>window.rebuilt = 1</script>');
    // the server rechecks a page kept in memory within a second
    await expect
      .poll(async () => directives((await t.call({ url: '/plain' })).headers['content-security-policy']).get('script-src'), {
        timeout: 5000,
        interval: 200,
      })
      .toEqual(["'self'", sha('window.rebuilt = 1')]);
  });

  it('keeps the sandbox policy of generated pages and uploads', async ({ t }) => {
    const res = await t.app.inject({ url: '/view/cover/abc' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    const hash = 'e'.repeat(32);
    await t.ctx.storage.put(`uploads/${hash.slice(0, 5).split('').join('/')}/${hash}.png`, Buffer.from('png'));
    const upload = await t.app.inject({ url: `/uploads/${hash.slice(0, 5).split('').join('/')}/${hash}.png` });
    expect(upload.statusCode).toBe(200);
    expect(upload.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(upload.headers['x-frame-options']).toBe('DENY');
  });
});
