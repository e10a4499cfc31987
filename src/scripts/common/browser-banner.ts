/** Shows the outdated-browser banner (spec §1, §9) rendered hidden by the layout. */
import { isOutdatedBrowser } from '../../lib/browser.ts';

const banner = document.querySelector<HTMLElement>('[data-testid="browser-banner"]');
if (banner && isOutdatedBrowser(navigator.userAgent)) banner.hidden = false;
