import { describe, expect, it } from 'vitest';
import { FALLBACK_ICON, iconOrFallback, pageTitle } from '../../src/lib/title.ts';

describe('pageTitle', () => {
  it('joins page and site name', () => {
    expect(pageTitle('文档列表', '魔豆文库')).toBe('文档列表 - 魔豆文库');
  });
  it('is only the site name without a page name', () => {
    expect(pageTitle('', '魔豆文库')).toBe('魔豆文库');
    expect(pageTitle(undefined, '魔豆文库')).toBe('魔豆文库');
  });
  it('is the page name when the site has no name', () => {
    expect(pageTitle('登录', '')).toBe('登录');
  });
});

describe('iconOrFallback', () => {
  it('prefers favicon, then logo, then the fallback icon', () => {
    expect(iconOrFallback('/f.ico', '/l.png')).toBe('/f.ico');
    expect(iconOrFallback('', '/l.png')).toBe('/l.png');
    expect(iconOrFallback(undefined, null)).toBe(FALLBACK_ICON);
    expect(FALLBACK_ICON).toBe('/favicon.svg');
  });
});
