/**
 * 登录后即可下载/收藏…: what a visitor sees on pressing a member-only action. A small dialog says
 * so and offers 登录 / 注册, both leading back to this page afterwards (`?redirect=`), instead of
 * sending the visitor to the login page without a word. The way back carries what was asked for
 * (`#after-login=favorite`), and the page redoes it once the member is back (takeAfterLogin).
 * Plain DOM; the dialog itself loads on first use (login-prompt-dialog.ts), outside the page's first load.
 */
import { currentPath } from '../../lib/navigate.ts';
import { $token } from '../../stores/token.ts';

/** The mark on the way back: `#after-login=<redo>`. */
export const AFTER_LOGIN = 'after-login';

/**
 * True when signed in; otherwise tells the visitor 登录后即可<action> and offers the way in and back,
 * marked with `redo` (a name the page passes to takeAfterLogin) when the action is to be redone there.
 */
export function requireLogin(action: string, redo?: string): boolean {
  if ($token.get()) return true;
  const back = redo ? `${currentPath()}#${AFTER_LOGIN}=${redo}` : currentPath();
  void import('./login-prompt-dialog.ts').then(({ showPrompt }) => showPrompt(action, back));
  return false;
}

/**
 * What the member just came back from signing in to do (requireLogin's `redo`), or ''; once: the mark
 * leaves the address, so a reload or a later visit does not do it again.
 */
export function takeAfterLogin(): string {
  const mark = `#${AFTER_LOGIN}=`;
  const redo = location.hash.startsWith(mark) ? location.hash.slice(mark.length) : '';
  if (!redo || !$token.get()) return '';
  history.replaceState(history.state, '', currentPath());
  return redo;
}
