/** Top loading bar driven by `$loading` (spec §9: 3 px, primary colour, timings in lib/loading.ts). */
import { $loading, LOADING_BAR } from '../../lib/loading.ts';

const bar = document.getElementById('loading-bar');
if (bar) {
  bar.style.height = `${LOADING_BAR.height}px`;
  $loading.subscribe(({ visible, progress }) => {
    bar.style.opacity = visible ? '1' : '0';
    bar.style.width = `${progress}%`;
    bar.setAttribute('aria-hidden', visible ? 'false' : 'true');
  });
}
