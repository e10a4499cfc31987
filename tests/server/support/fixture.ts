import { describe, test as base } from 'vitest';
import type { Log } from '../../../src/server/log.ts';
import { DIALECTS, startTestApp, type TestApp } from './app.ts';

export type Dialect = (typeof DIALECTS)[number];
export interface Member {
  id: number;
  token: string;
  username: string;
}

/** What a server test file starts with on one dialect. */
export interface Started {
  t: TestApp;
  /** the admin's token */
  admin: string;
  /** a member registered at the start (unless the block's options say `member: false`) */
  member: Member;
  /** the shared changes (`e.what`) and the other kinds of change the app announced, in order */
  rebuilds: string[];
}

export interface StartOptions {
  /** log the admin in at the start (default true) */
  admin?: boolean;
  /** register a member at the start (default true) */
  member?: boolean;
  /**
   * the app's environment (startTestApp's `env`); a function is called when the app starts, for values
   * known only then (the address of a fake service the file started in its own `beforeAll`)
   */
  env?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** skip the block (and start no app) when true: a tool the tests need is missing */
  skip?: boolean;
  /**
   * run the block on SQLite only, for the reason this says (e.g. a command run in its own process
   * opens the database of the app's data folder, which on PostgreSQL is a test schema it cannot be
   * pointed at); a block that could run on both dialects does
   */
  sqliteOnly?: string;
  /** the app's JSON log (startTestApp's `log`): none by default */
  log?: Log;
}

/** The apps of one test file, one per dialect block, each started once and closed when its block ends. */
class Apps {
  private readonly open = new Map<string, Promise<Started>>();

  get(key: string, dialect: Dialect, opts: StartOptions): Promise<Started> {
    let started = this.open.get(key);
    if (!started) this.open.set(key, (started = start(dialect, opts)));
    return started;
  }

  async close(key: string): Promise<void> {
    const started = this.open.get(key);
    this.open.delete(key);
    if (started) await (await started).t.close();
  }

  async closeAll(): Promise<void> {
    for (const key of [...this.open.keys()]) await this.close(key);
  }
}

async function start(dialect: Dialect, opts: StartOptions): Promise<Started> {
  const t = await startTestApp(dialect, await (typeof opts.env === 'function' ? opts.env() : opts.env), { log: opts.log });
  const rebuilds: string[] = [];
  t.ctx.events.subscribe((e) => void rebuilds.push(e.kind === 'shared' ? e.what : e.kind));
  // in the order the tests always set up: the admin's login before the member's registration
  const admin = opts.admin === false ? '' : await t.adminToken();
  if (opts.member === false) {
    // a block that said it needs no member gets none: a test asking for one is told so
    const none = () => {
      throw new Error('this block starts without a member (describeEachDialect options: member: false)');
    };
    return {
      t,
      admin,
      rebuilds,
      get member(): Member {
        return none();
      },
    };
  }
  return { t, admin, member: await t.member(), rebuilds };
}

let blocks = 0;

/**
 * The server tests' `test`/`it`: a test names what it needs of its block's app — `({ t, admin,
 * member, rebuilds })` — and gets the one app its dialect block started (see `describeEachDialect`).
 */
export const test = base
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's needs from its destructuring
  .extend('apps', { scope: 'file' }, async ({}, { onCleanup }) => {
    const apps = new Apps();
    onCleanup(() => apps.closeAll());
    return apps;
  })
  .extend('block', { key: '', dialect: 'sqlite' as Dialect, opts: {} as StartOptions })
  .extend('started', async ({ apps, block }) => apps.get(block.key, block.dialect, block.opts))
  .extend('t', async ({ started }) => started.t)
  .extend('admin', async ({ started }) => started.admin)
  .extend('member', async ({ started }) => started.member)
  .extend('rebuilds', async ({ started }) => started.rebuilds);
export const it = test;

/** The dialect block being collected: where `onStart` adds its set-up. */
let collecting: { key: string; dialect: Dialect; opts: StartOptions } | undefined;

/**
 * `describe.each(DIALECTS)` with the usual start: per dialect (SQLite alone with `sqliteOnly`), one
 * app (an admin's token and a member by default) started before the block's first test and closed
 * after its last.
 */
export function describeEachDialect(title: string, body: (dialect: Dialect) => void): void;
export function describeEachDialect(title: string, opts: StartOptions, body: (dialect: Dialect) => void): void;
export function describeEachDialect(
  title: string,
  ...args: [(dialect: Dialect) => void] | [StartOptions, (dialect: Dialect) => void]
): void {
  const [opts, body] = args.length === 1 ? [{}, args[0]] : args;
  const dialects: Dialect[] = opts.sqliteOnly ? ['sqlite'] : DIALECTS;
  describe.skipIf(Boolean(opts.skip)).each(dialects)(title, (dialect) => {
    const block = { key: `${++blocks}:${dialect}`, dialect, opts };
    test.override('block', block);
    test.beforeAll(({ apps }) => apps.get(block.key, dialect, opts).then(() => undefined));
    test.afterAll(({ apps }) => apps.close(block.key));
    collecting = block;
    try {
      body(dialect);
    } finally {
      collecting = undefined;
    }
  });
}

/**
 * Set-up the block's tests share beyond the usual start, run once after it with what it started
 * (inside `describeEachDialect`; helpers of the block that need the app take it from here).
 */
export function onStart(setUp: (started: Started) => unknown, timeout?: number): void {
  const block = collecting;
  if (!block) throw new Error('onStart belongs inside describeEachDialect');
  test.beforeAll(async ({ apps }) => {
    await setUp(await apps.get(block.key, block.dialect, block.opts));
  }, timeout);
}
