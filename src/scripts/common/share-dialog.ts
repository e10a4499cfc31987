/**
 * The share dialog's behaviour (common/share.ts loads it on the first click): the page's link to copy
 * and its QR code, the QR library itself loaded only then.
 */
import { toast } from './toast.ts';

async function copy(text: string, input: HTMLInputElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    input.select();
    document.execCommand('copy');
  }
  toast('链接已复制', 'success');
}

const drawn = new WeakMap<HTMLCanvasElement, string>();
const wired = new WeakSet<HTMLDialogElement>();

/** Opens `dialog` with `link` (the page's own, common/share.ts) and draws its QR code once per link. */
export async function openShareDialog(dialog: HTMLDialogElement, link: string): Promise<void> {
  const input = dialog.querySelector<HTMLInputElement>('[data-share-link]');
  const canvas = dialog.querySelector<HTMLCanvasElement>('[data-share-qr]');
  if (!input || !canvas) return;
  if (!wired.has(dialog)) {
    wired.add(dialog);
    dialog.querySelector('[data-share-copy]')?.addEventListener('click', () => void copy(input.value, input));
  }
  input.value = link;
  dialog.showModal();
  if (drawn.get(canvas) === link) return;
  try {
    const qr = await import('qrcode');
    await qr.toCanvas(canvas, link, { width: 200, margin: 1 });
    drawn.set(canvas, link);
  } catch {
    canvas.hidden = true;
  }
}
