/** Home page script: banner carousel, the user card and the index ad slots. */
import { fillAdSlots } from './ads.ts';
import { initCarousel } from './carousel.ts';
import './home-user.ts';

document.querySelectorAll<HTMLElement>('[data-carousel]').forEach(initCarousel);
void fillAdSlots();
