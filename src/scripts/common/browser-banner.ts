/**
 * Shows the outdated-browser banner (spec §1, §9) rendered hidden by the layout. The user-agent
 * parser is loaded after the page is up: it is a fifth of a public page's JavaScript budget, and
 * the banner is a notice, not content.
 */
const banner = document.querySelector<HTMLElement>('[data-testid="browser-banner"]');
if (banner) {
  const check = (): void =>
    void import('../../lib/browser.ts').then(({ isOutdatedBrowser }) => {
      if (isOutdatedBrowser(navigator.userAgent)) banner.hidden = false;
    });
  if (document.readyState === 'complete') check();
  else addEventListener('load', check, { once: true });
}
