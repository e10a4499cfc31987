/**
 * Member-area routes (ARCHITECTURE "Pages and islands"): `@nanostores/router` without its
 * global link capture (which would also swallow links to pages outside the island);
 * only same-origin links to member routes are handled in place.
 */
import { createRouter } from '@nanostores/router';
import { isPlainClick } from '../../scripts/common/dom.ts';
import { MEMBER_PATHS } from '../../domain/urls.ts';

export const memberRouter = createRouter(MEMBER_PATHS, { links: false });

export type MemberRoute = keyof typeof MEMBER_PATHS;

export const MEMBER_ROUTE_LABELS: Record<MemberRoute, string> = {
  home: '个人中心',
  documents: '我的上传',
  articles: '我的文章',
  download: '我的下载',
  favorite: '我的收藏',
  comment: '我的评论',
  message: '消息通知',
  order: '我的订单',
  credit: '积分明细',
  vip: '我的VIP',
  profile: '资料设置',
};

const ROUTE_PATHS: readonly string[] = Object.values(MEMBER_PATHS);

/** Path of a link when it is one of our routes (e.g. `/member/profile.html` → `/member/profile`). */
function memberPath(link: HTMLAnchorElement): string | null {
  if (link.origin !== location.origin || link.target === '_blank' || link.hasAttribute('download')) return null;
  const path = link.pathname.replace(/\.html$/, '').replace(/\/+$/, '');
  return ROUTE_PATHS.includes(path) ? path + link.search : null;
}

/** Intercepts plain left clicks on member links anywhere on the page; returns the cleanup. */
export function captureMemberLinks(): () => void {
  const onClick = (e: MouseEvent): void => {
    if (!isPlainClick(e)) return;
    const link = (e.target as Element | null)?.closest?.('a');
    const path = link ? memberPath(link) : null;
    if (!path) return;
    e.preventDefault();
    memberRouter.open(path);
    window.scrollTo({ top: 0 });
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
