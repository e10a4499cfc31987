/**
 * The one home of waiting in the server tests: for an event where the code offers one (`Lines`:
 * a log line, a child's output), else for a state (`waitFor`: polls a probe). No test waits a fixed time.
 */

export interface WaitOptions {
  /** what is awaited, for the message when it never comes: "the document converted" */
  what: string;
  /** how long to wait at most (ms; default 30 s) */
  timeout?: number;
  /** how long between two probes (ms; default 50) */
  interval?: number;
  /** more to say when the wait runs out (a process's output, the row as it stands) */
  explain?: () => unknown;
}

type Answer<T> = Exclude<Awaited<T>, null | undefined | false | '' | 0>;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timedOut(opts: WaitOptions): Promise<Error> {
  const more = opts.explain ? await opts.explain() : undefined;
  const detail = more === undefined ? '' : `\n${typeof more === 'string' ? more : JSON.stringify(more)}`;
  return new Error(`timed out after ${opts.timeout ?? 30_000} ms waiting for ${opts.what}${detail}`);
}

/**
 * Polls `probe` until it answers (anything truthy) and resolves with that answer; throws naming
 * `what` once `timeout` has passed without one. A probe that throws ends the wait with its error.
 */
export async function waitFor<T>(probe: () => T, opts: WaitOptions): Promise<Answer<T>> {
  const deadline = Date.now() + (opts.timeout ?? 30_000);
  for (;;) {
    const answer = await probe();
    if (answer) return answer as Answer<T>;
    if (Date.now() > deadline) throw await timedOut(opts);
    await pause(opts.interval ?? 50);
  }
}

/** A probe for `waitFor` that counts a failure (a port that does not answer yet) as no answer. */
export const orNothing =
  <T>(probe: () => Promise<T>) =>
  (): Promise<T | undefined> =>
    probe().catch(() => undefined);

/**
 * Lines as they come (a log callback, a child process's output), and a wait for the first that
 * matches: resolved by the line itself, not by polling.
 */
export class Lines {
  readonly all: string[] = [];
  private readonly waiting = new Set<{ match: (line: string) => boolean; found: (line: string) => void }>();

  /** the start of a line of output whose end has not come yet */
  private rest = '';

  /** takes one line (bound, to pass as a log callback) */
  readonly add = (line: string): void => {
    this.all.push(line);
    for (const w of this.waiting) if (w.match(line)) w.found(line);
  };

  /** takes a chunk of a process's output: the lines it completes (bound, for `stream.on('data', …)`) */
  readonly write = (chunk: Buffer | string): void => {
    const lines = (this.rest + chunk.toString()).split('\n');
    this.rest = lines.pop()!;
    for (const line of lines) this.add(line);
  };

  /** the lines so far that match */
  matching(match: Match): string[] {
    return this.all.filter(test(match));
  }

  /** The first line that matches, among those already come or the next ones. */
  next(match: Match, opts: WaitOptions): Promise<string> {
    const seen = this.all.find(test(match));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      const entry = {
        match: test(match),
        found: (line: string) => {
          clearTimeout(timer);
          this.waiting.delete(entry);
          resolve(line);
        },
      };
      const timer = setTimeout(() => {
        this.waiting.delete(entry);
        void timedOut({ explain: () => this.all.join('\n'), ...opts }).then(reject);
      }, opts.timeout ?? 30_000);
      this.waiting.add(entry);
    });
  }
}

/** what a line is to contain, to match, or to pass */
type Match = string | RegExp | ((line: string) => boolean);

const test = (match: Match) => (line: string) =>
  typeof match === 'string' ? line.includes(match) : typeof match === 'function' ? match(line) : match.test(line);
