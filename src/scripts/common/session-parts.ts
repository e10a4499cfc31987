/** The guest and member parts of a page (header user area, home page card) in step with the session. */
import type { User } from '../../api/types.ts';
import { $user } from '../../stores/session.ts';
import { $token } from '../../stores/token.ts';

/**
 * Shows `guest` to visitors and `member` to a signed-in user, whom `showUser` fills in; a token without its
 * user yet (boot still running) shows neither. Returns the render, for other stores the member part follows.
 */
export function followSession(guest: HTMLElement | null, member: HTMLElement | null, showUser: (user: User) => void): () => void {
  const render = (): void => {
    const token = $token.get();
    const user = $user.get();
    if (guest) guest.hidden = Boolean(token);
    if (member) member.hidden = !(token && user);
    if (user) showUser(user);
  };
  $token.subscribe(render);
  $user.subscribe(render);
  return render;
}
