/**
 * The back office's page table (src/lib/admin-pages.ts) names permissions by their paths; the server
 * answers with the permissions it registers (the routes' declarations and the seed). A name the server
 * does not know, such as a typo, would open a page to nobody: this holds every name to the server's list.
 */
import { expect } from 'vitest';
import { PAGE_PERMISSIONS, PERMISSION_SERVICES } from '../../../src/lib/admin-pages.ts';
import { groupPermissions } from '../../../src/lib/permissions.ts';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

describeEachDialect('the browser names only permissions the server registers, on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  let server: Array<{ method: string; path: string }>;
  onStart(async (ready) => {
    ({ t } = ready);
    const res = await t.call({ url: '/api/v1/permission/list?size=0', token: await t.adminToken() });
    expect(res.status).toBe(200);
    server = res.body.permission;
  });

  it('knows every permission of the admin page table', () => {
    const known = new Set(server.map((p) => p.path));
    expect(PAGE_PERMISSIONS.length).toBeGreaterThanOrEqual(22);
    expect(PAGE_PERMISSIONS.filter((name) => !known.has(name))).toEqual([]);
    // the registry also holds what the routes declare themselves, not only the seed
    expect(known.has('/api.v1.BackupAPI/ListBackup')).toBe(true);
  });

  it('has a Chinese name for every service the server groups its permissions by', () => {
    const groups = groupPermissions(server).map((g) => g.key);
    const named = Object.keys(PERMISSION_SERVICES);
    expect(named.filter((key) => !groups.includes(key))).toEqual([]);
    // services without a page of their own (navigation, credits…) keep their key as the name
    expect(groups.slice(0, named.length)).toEqual(named);
  });
});
