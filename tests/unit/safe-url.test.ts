import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNavigateHandler } from '../../src/lib/navigate.ts';
import { isSafeUrl, safeNavigate } from '../../src/lib/safe-url.ts';

const origin = 'https://wenku.example.com';

afterEach(() => {
  setNavigateHandler(null);
  vi.unstubAllGlobals();
});

describe('isSafeUrl', () => {
  it('refuses dangerous schemes however they are disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '  javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:x',
      '\u0000javascript:x',
      'jav\u0001ascript:x',
      'data:text/html,<script>',
      'DATA:image/png;base64,xx',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'FILE://c:/x',
    ]) {
      expect(isSafeUrl(url, { origin, allowExternal: true }), url).toBe(false);
    }
  });

  it('allows relative and same-origin URLs', () => {
    for (const url of ['/library', 'library/1', '?page=2', '#top', '/auth/login?redirect=%2Fmember', `${origin}/member`]) {
      expect(isSafeUrl(url, { origin }), url).toBe(true);
    }
  });

  it('refuses other origins unless allowed, and then only http(s)', () => {
    for (const url of ['https://evil.com', '//evil.com/x', '/\\evil.com', 'http://wenku.example.com.evil.com']) {
      expect(isSafeUrl(url, { origin }), url).toBe(false);
    }
    expect(isSafeUrl('https://github.com/x', { origin, allowExternal: true })).toBe(true);
    expect(isSafeUrl('mailto:a@b.cn', { origin, allowExternal: true })).toBe(false);
    expect(isSafeUrl('ftp://x.cn/a', { origin, allowExternal: true })).toBe(false);
  });

  it('refuses empty and non-string input', () => {
    expect(isSafeUrl('', { origin })).toBe(false);
    expect(isSafeUrl('   ', { origin })).toBe(false);
    expect(isSafeUrl(undefined)).toBe(false);
  });

  it('uses location.origin in a browser', () => {
    vi.stubGlobal('location', { origin: 'http://localhost:4321' });
    expect(isSafeUrl('http://localhost:4321/admin')).toBe(true);
    expect(isSafeUrl('http://localhost:9999/admin')).toBe(false);
  });
});

describe('safeNavigate', () => {
  it('navigates only to safe URLs and reports whether it did', () => {
    const go = vi.fn();
    setNavigateHandler(go);
    expect(safeNavigate('javascript:alert(1)', { origin })).toBe(false);
    expect(safeNavigate('https://evil.com', { origin })).toBe(false);
    expect(go).not.toHaveBeenCalled();
    expect(safeNavigate('/member', { origin })).toBe(true);
    expect(safeNavigate('https://evil.com', { origin, allowExternal: true })).toBe(true);
    expect(go.mock.calls).toEqual([['/member'], ['https://evil.com']]);
  });
});
