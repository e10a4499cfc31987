import { describe, expect, it } from 'vitest';
import { adminGuard } from '../../src/lib/admin-guard.ts';
import { PageError, assertPageValid, loginRedirect, memberGuard, pageNotFoundMessage } from '../../src/lib/guards.ts';

describe('memberGuard', () => {
  it('sends anonymous visitors of /member* to login with the path', () => {
    expect(memberGuard('/member/profile?tab=1', '')).toBe('/auth/login?redirect=%2Fmember%2Fprofile%3Ftab%3D1');
    expect(memberGuard('/member', null)).toBe('/auth/login?redirect=%2Fmember');
    expect(memberGuard('/vip/checkout', undefined)).toBe('/auth/login?redirect=%2Fvip%2Fcheckout');
  });

  it('lets signed-in users and public pages through', () => {
    expect(memberGuard('/member/order', 'tok')).toBeNull();
    expect(memberGuard('/library', '')).toBeNull();
    expect(memberGuard('/vip', '')).toBeNull();
  });
});

describe('adminGuard', () => {
  const pages = ['/admin/user', '/admin/user/list'];

  it('requires a token', () => {
    expect(adminGuard('/admin/user/list', '', pages)).toBe(loginRedirect('/admin/user/list'));
  });

  it('allows permission-derived pages, with or without a trailing slash', () => {
    expect(adminGuard('/admin/user/list', 'tok', pages)).toBeNull();
    expect(adminGuard('/admin/user/list/', 'tok', pages)).toBeNull();
    expect(adminGuard('/admin/user/list?page=2', 'tok', pages)).toBeNull();
  });

  it('always allows /admin, the dashboard and navigation once a token exists', () => {
    for (const p of ['/admin', '/admin/', '/admin/dashboard', '/admin/navigation']) expect(adminGuard(p, 'tok', [])).toBeNull();
  });

  it('sends other pages home', () => {
    expect(adminGuard('/admin/config/system', 'tok', pages)).toBe('/');
    expect(adminGuard('/admin/user/group', 'tok', pages)).toBe('/');
  });

  it('ignores non-admin paths', () => {
    expect(adminGuard('/library', '', [])).toBeNull();
  });
});

describe('assertPageValid', () => {
  it('passes on true', () => {
    expect(() => assertPageValid(() => true, '/x')).not.toThrow();
  });

  it('throws a fatal 404 PageError on false', () => {
    try {
      assertPageValid(() => false, '/library/abc?x=1');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PageError);
      expect((e as PageError).status).toBe(404);
      expect((e as PageError).fatal).toBe(true);
      expect((e as PageError).message).toBe('Page Not Found: /library/abc?x=1');
    }
  });

  it('uses a returned number as the status', () => {
    expect(() => assertPageValid(() => 403, '/a')).toThrow(
      expect.objectContaining({ status: 403, message: pageNotFoundMessage('/a') }),
    );
    expect(() => assertPageValid(() => 0, '/a')).toThrow(expect.objectContaining({ status: 404 }));
  });
});
