/** A small message at the top of the page (plain DOM; public pages carry no UI kit). */
export type ToastKind = 'success' | 'error' | 'info';

const COLORS: Record<ToastKind, string> = {
  success: 'bg-primary-600',
  error: 'bg-red-600',
  info: 'bg-neutral-800',
};

let box: HTMLElement | null = null;

export function toast(message: string, kind: ToastKind = 'info', ms = 2800): void {
  if (!message) return;
  if (!box) {
    box = document.createElement('div');
    box.className = 'pointer-events-none fixed top-16 left-1/2 z-[3000] flex -translate-x-1/2 flex-col items-center gap-2';
    box.setAttribute('role', 'status');
    box.setAttribute('aria-live', 'polite');
    document.body.append(box);
  }
  const item = document.createElement('div');
  item.className = `rounded-md px-4 py-2 text-sm text-white shadow-lg ${COLORS[kind]}`;
  item.dataset.toast = kind;
  item.textContent = message;
  box.append(item);
  setTimeout(() => item.remove(), ms);
}
