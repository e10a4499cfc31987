import { navigateTo } from './navigate.ts';

export interface SafeUrlOptions {
  /** Allow http(s) URLs on another origin. Default false (spec §8). */
  allowExternal?: boolean;
  /** Origin treated as "ours"; defaults to `location.origin` in a browser. */
  origin?: string;
}

const DANGEROUS = /^(javascript|data|vbscript|file):/;
// Browsers drop ASCII whitespace and control characters inside a scheme, so `java\tscript:` still runs.
const IGNORED_CHARS = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g;
// Placeholder origin outside a browser; `.invalid` can never be a real host.
const FALLBACK_ORIGIN = 'http://wenku.invalid';

function ownOrigin(opts: SafeUrlOptions): string {
  if (opts.origin) return opts.origin;
  return typeof location !== 'undefined' && location.origin && location.origin !== 'null' ? location.origin : FALLBACK_ORIGIN;
}

/**
 * Whether navigating to `url` is safe: dangerous schemes are always refused; relative and
 * same-origin URLs are allowed; other origins only with `allowExternal` and only http(s).
 */
export function isSafeUrl(url: string | null | undefined, opts: SafeUrlOptions = {}): boolean {
  if (typeof url !== 'string') return false;
  const compact = url.replace(IGNORED_CHARS, '').toLowerCase();
  if (!compact || DANGEROUS.test(compact)) return false;
  const origin = ownOrigin(opts);
  let parsed: URL;
  try {
    // The URL parser normalises `/\evil.com` and `//evil.com` the way browsers do.
    parsed = new URL(url.trim(), origin);
  } catch {
    return false;
  }
  if (DANGEROUS.test(parsed.protocol)) return false;
  if (parsed.origin === new URL(origin).origin) return true;
  return opts.allowExternal === true && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
}

/** Navigates only when `url` is safe; returns whether it navigated. */
export function safeNavigate(url: string | null | undefined, opts: SafeUrlOptions = {}): boolean {
  if (!isSafeUrl(url, opts) || typeof url !== 'string') return false;
  navigateTo(url.trim());
  return true;
}
