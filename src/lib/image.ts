import { extensionOf } from '../domain/file-kind.ts';

/** Recognised image extensions (spec §9), without the dot. */
export const IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg'];

/** True for `png`, `.PNG`, `a/b/c.png`… */
export function isImageExt(extOrName: string | null | undefined): boolean {
  return IMAGE_EXTENSIONS.includes(extensionOf(extOrName));
}

/** Value for an `<input type="file" accept>` attribute. */
export const IMAGE_ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');
