/**
 * Header user area (screens §1.2). Logged out: 登录 / 注册 with `?redirect=` of the
 * current page. Logged in: avatar + username with a dropdown (个人中心, 上传文档,
 * 管理后台 only for admins, 退出登录). Plain DOM on top of the session store, so public
 * pages need no UI framework.
 */
import { showAvatar } from './dom.ts';
import { followSession } from './session-parts.ts';
import { currentPath } from '../../lib/navigate.ts';
import { $isAdmin, logout } from '../../stores/session.ts';
import { $token } from '../../stores/token.ts';

const root = document.querySelector<HTMLElement>('[data-user-area]');

function withRedirect(base: string): string {
  const path = currentPath();
  return path && !path.startsWith('/auth/') && path !== '/' ? `${base}?redirect=${encodeURIComponent(path)}` : base;
}

if (root) {
  const guest = root.querySelector<HTMLElement>('[data-guest]');
  const member = root.querySelector<HTMLElement>('[data-member]');
  const name = root.querySelector<HTMLElement>('[data-testid="header-username"]');
  const avatar = root.querySelector<HTMLImageElement>('[data-avatar]');
  const initial = root.querySelector<HTMLElement>('[data-avatar-initial]');
  const admin = root.querySelector<HTMLElement>('[data-admin-only]');
  const vipBadge = root.querySelector<HTMLElement>('[data-vip-badge]');
  const toggle = root.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = root.querySelector<HTMLElement>('[data-menu]');

  root.querySelectorAll<HTMLAnchorElement>('[data-login-link]').forEach((a) => (a.href = withRedirect('/auth/login')));
  root.querySelectorAll<HTMLAnchorElement>('[data-register-link]').forEach((a) => (a.href = withRedirect('/auth/register')));

  $token.subscribe((token) => document.documentElement.toggleAttribute('data-auth', Boolean(token)));
  const render = followSession(guest, member, (user) => {
    if (name) name.textContent = user.username;
    showAvatar(avatar, initial, user);
    if (admin) admin.hidden = !$isAdmin.get();
    if (vipBadge) vipBadge.hidden = !user.is_vip;
  });
  $isAdmin.subscribe(render);

  // Hover opens the menu through CSS; click/keyboard toggles it for touch screens.
  const setOpen = (open: boolean): void => {
    if (!menu || !toggle) return;
    menu.toggleAttribute('data-open', open);
    if (open) menu.removeAttribute('data-shut');
    toggle.setAttribute('aria-expanded', String(open));
  };
  const shut = (): void => {
    setOpen(false);
    menu?.setAttribute('data-shut', '');
  };
  toggle?.addEventListener('click', (e) => {
    e.stopPropagation();
    setOpen(toggle.getAttribute('aria-expanded') !== 'true');
  });
  // choosing an item closes the menu, even while the pointer or the focus is still on it
  menu?.addEventListener('click', (e) => {
    if ((e.target as Element).closest('[role="menuitem"]')) shut();
  });
  member?.addEventListener('pointerenter', () => menu?.removeAttribute('data-shut'));
  member?.addEventListener('focusin', (e) => {
    if (!member.contains(e.relatedTarget as Node | null)) menu?.removeAttribute('data-shut');
  });
  document.addEventListener('click', (e) => {
    if (!member?.contains(e.target as Node)) setOpen(false);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && member?.contains(document.activeElement)) shut();
    else if (e.key === 'Escape') setOpen(false);
  });

  root.querySelector<HTMLButtonElement>('[data-logout]')?.addEventListener('click', () => {
    setOpen(false);
    void logout();
  });
}
