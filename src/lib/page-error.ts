/** Message of a failed page validity check (spec §8). */
export function pageNotFoundMessage(fullPath: string): string {
  return `Page Not Found: ${fullPath}`;
}

/**
 * A fatal page error: the generic error screen shows it with its status
 * (404 picks the 404 image, anything else the other one).
 */
export class PageError extends Error {
  readonly status: number;
  readonly fatal = true;

  constructor(message: string, status = 404) {
    super(message);
    this.name = 'PageError';
    this.status = status;
  }
}

export function isPageError(e: unknown): e is PageError {
  return e instanceof PageError;
}
