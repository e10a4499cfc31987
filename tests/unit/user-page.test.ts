import { describe, expect, it } from 'vitest';
import { fillZero } from '../../src/api/call.ts';
import { userGet } from '../../src/api/generated/user.ts';
import type { User } from '../../src/api/types.ts';
const normalizeUser = (raw: unknown): User => fillZero<User>(userGet.zero, raw);
import {
  articleUrl,
  deepestCategory as documentCategory,
  documentPageUrl,
  documentUrl,
  searchUrl,
  userUrl,
} from '../../src/domain/urls.ts';
import { userFallbackFor } from '../../src/server/site/fallback-user.ts';
import { profileHtml, tabsHtml } from '../../src/views/user/page.ts';
import { stateFromLocation, userIdFromPath, userPageHref } from '../../src/views/user/state.ts';

describe('urls', () => {
  const byId = new Map([
    [1, { parent_id: 0 }],
    [3, { parent_id: 1 }],
    [7, { parent_id: 3 }],
  ]);
  it('puts documents under their deepest category', () => {
    expect(documentCategory([7, 1, 3], byId)).toBe(7);
    expect(documentCategory([1, 3])).toBe(3);
    expect(documentUrl({ uuid: 'abc', category_id: [1, 7, 3] }, byId)).toBe('/library/7/abc');
    expect(documentUrl({ uuid: 'abc' })).toBe('/library/_/abc');
    expect(documentPageUrl({ uuid: 'abc', category_id: [3] }, 7)).toBe('/library/3/abc#page=7');
  });
  it('builds article, user and search URLs', () => {
    expect(articleUrl({ identifier: 'x-1', category_id: [4, 9] })).toBe('/article/4/detail/x-1');
    expect(articleUrl({ identifier: 'x-1' })).toBe('/article/_/detail/x-1');
    expect(userUrl(5)).toBe('/user/5');
    expect(searchUrl('中 文', 1)).toBe('/search?wd=%E4%B8%AD+%E6%96%87&type=1');
  });
});

describe('userFallbackFor', () => {
  it('answers user page paths only', () => {
    expect(userFallbackFor('/user/12')).toBe('user/fallback.html');
    expect(userFallbackFor('/user/12.html?tab=article')).toBe('user/fallback.html');
    expect(userFallbackFor('/user/12/article')).toBe('user/fallback.html');
    expect(userFallbackFor('/user/fallback')).toBeNull();
    expect(userFallbackFor('/user/0')).toBeNull();
    expect(userFallbackFor('/user/12/x')).toBeNull();
    expect(userFallbackFor('/user/%E0%A4%A')).toBeNull();
  });
});

describe('user page', () => {
  it('reads id, tab and page from the location', () => {
    expect(userIdFromPath('/user/42')).toBe(42);
    expect(userIdFromPath('/user/42/article')).toBe(42);
    expect(userIdFromPath('/user/fallback')).toBe(0);
    expect(stateFromLocation('/user/42/article', '')).toEqual({ tab: 'article', page: 1 });
    expect(stateFromLocation('/user/42', '?tab=article&page=3')).toEqual({ tab: 'article', page: 3 });
    expect(userPageHref(42, { tab: 'document', page: 1 })).toBe('/user/42');
    expect(userPageHref(42, { tab: 'article', page: 2 })).toBe('/user/42?tab=article&page=2');
  });
  it('escapes the profile and keeps unsafe avatars out', () => {
    const user = normalizeUser({ id: 1, username: '<b>x</b>', signature: '"hi"', avatar: 'javascript:alert(1)', doc_count: 2 });
    const html = profileHtml(user, null, '金币');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).toContain('&quot;hi&quot;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('data-testid="user-count-article">-<');
    expect(html).toContain('>金币</dt>'); // the site's credit name

    expect(profileHtml(normalizeUser({ id: 1, username: 'a' }), 0, '积分')).toContain('暂无个性签名');
    expect(tabsHtml(1, { tab: 'article', page: 1 })).toContain('href="/user/1?tab=article"');
  });
});
