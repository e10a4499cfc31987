/**
 * Start-up sequence (spec §1): settings, then navigation, then the current user with
 * permissions; categories load alongside without waiting. Runs once per page.
 */
import { loadCategories } from './categories.ts';
import { loadNavigation } from './navigation.ts';
import { refreshPermissions, refreshUser } from './session.ts';
import { loadSettings } from './settings.ts';
import { $token } from './token.ts';

let running: Promise<void> | null = null;

async function run(): Promise<void> {
  const categories = loadCategories();
  await loadSettings();
  await loadNavigation();
  if ($token.get()) {
    const user = await refreshUser();
    if (user.ok) await refreshPermissions();
  }
  await categories;
}

/** Idempotent: every caller gets the same run. */
export function boot(): Promise<void> {
  running ??= run();
  return running;
}

/** Lets the next `boot()` run again (tests, or after a full sign-in change). */
export function resetBoot(): void {
  running = null;
}
