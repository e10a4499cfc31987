/**
 * Home banner carousel (screens §5.1): 3 s per slide, arrows and dots, paused while hovered
 * or focused; a slide's image gets its real `src` only when the slide is first shown.
 */
const INTERVAL_MS = 3000;

export function initCarousel(root: HTMLElement): void {
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-carousel-dot]')];
  if (slides.length < 2) return;
  let current = 0;
  let timer = 0;

  const show = (i: number): void => {
    current = (i + slides.length) % slides.length;
    slides.forEach((s, k) => {
      const on = k === current;
      s.style.opacity = on ? '1' : '0';
      s.style.visibility = on ? 'visible' : 'hidden';
      s.setAttribute('aria-hidden', String(!on));
      if (on) {
        const img = s.querySelector<HTMLImageElement>('img[data-src]');
        if (img?.dataset.src) {
          img.src = img.dataset.src;
          delete img.dataset.src;
        }
      }
    });
    dots.forEach((d, k) => d.setAttribute('aria-current', String(k === current)));
  };
  const stop = (): void => window.clearInterval(timer);
  const start = (): void => {
    stop();
    timer = window.setInterval(() => show(current + 1), INTERVAL_MS);
  };

  root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => {
    show(current - 1);
    start();
  });
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => {
    show(current + 1);
    start();
  });
  dots.forEach((d, k) =>
    d.addEventListener('click', () => {
      show(k);
      start();
    }),
  );
  root.addEventListener('mouseenter', stop);
  root.addEventListener('mouseleave', start);
  root.addEventListener('focusin', stop);
  root.addEventListener('focusout', start);
  start();
}
