/**
 * The article's 分享到 QQ / 微博 links (screens §5.6). Kept apart from common/share.ts so the document
 * page, which has no such links, does not load them.
 */
import { shareLink } from '../common/share.ts';

/** The share services' own addresses for this page (opened in a new tab; nothing is sent from here). */
const SERVICES: Record<string, (url: string, title: string) => string> = {
  qq: (url, title) => `https://connect.qq.com/widget/shareqq/index.html?url=${url}&title=${title}`,
  weibo: (url, title) => `https://service.weibo.com/share/share.php?url=${url}&title=${title}`,
};

/** Points the view's `[data-share-to="qq|weibo"]` links at the services with this page's link and `title`. */
export function initShareLinks(view: HTMLElement, title: string): void {
  const url = encodeURIComponent(shareLink());
  view.querySelectorAll<HTMLAnchorElement>('a[data-share-to]').forEach((a) => {
    const service = SERVICES[a.dataset.shareTo ?? ''];
    if (service) a.href = service(url, encodeURIComponent(title));
  });
}
