import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp (libvips) loaded on the first image it is asked to read or draw: uploads, captchas and
 * covers are rare next to page views, and the library holds tens of megabytes once loaded.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
