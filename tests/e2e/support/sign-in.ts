import type { Page } from '@playwright/test';

export interface Account {
  name: string;
  password: string;
}

/** Fills and sends the sign-in form the page shows. */
export async function fillSignIn(page: Page, who: Account): Promise<void> {
  await page.getByTestId('login-username').fill(who.name);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
}

/** Signs in through the form and waits to be back at `path` (the sign-in page's redirect). */
export async function signInAt(page: Page, path: string, who: Account): Promise<void> {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(path)}`);
  await fillSignIn(page, who);
  const pathname = new URL(path, 'http://x').pathname;
  await page.waitForURL((u) => u.pathname === pathname);
}
