/** Login/register: a visitor who is already signed in (token still valid) goes to /member. */
import { useEffect } from 'react';
import { navigateTo } from '../../lib/navigate.ts';
import { refreshUser } from '../../stores/session.ts';
import { $token } from '../../stores/token.ts';
import { DEFAULT_AFTER_LOGIN } from './redirect.ts';

export function useRedirectIfSignedIn(): void {
  useEffect(() => {
    if (!$token.get()) return;
    // An expired token is cleared by refreshUser, and the visitor stays to sign in again.
    void refreshUser().then((r) => {
      if (r.ok) navigateTo(DEFAULT_AFTER_LOGIN);
    });
  }, []);
}
