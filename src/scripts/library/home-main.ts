/** Home page script: banner carousel and the index ad slots. */
import { fillAdSlots } from './ads.ts';
import { initCarousel } from './carousel.ts';

document.querySelectorAll<HTMLElement>('[data-carousel]').forEach(initCarousel);
void fillAdSlots();
