import { execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { runNpmScript, spawnNpmScript } from './npm-script.ts';

const run = promisify(execFile);

/** A real `npm start` / `npm run worker` process of the project, killed for real by the tests. */
export interface SiteProcess {
  child: ChildProcess;
  /** what it printed so far (for failure messages) */
  output(): string;
  /** resolves once the process has ended */
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface Server extends SiteProcess {
  url: string;
}

function spawnScript(
  script: string,
  env: Record<string, string>,
): SiteProcess & { printed(pattern: RegExp | string): Promise<string> } {
  const child = spawnNpmScript(script, { WENKU_LOG: 'info', ...env });
  let out = '';
  const waiters: Array<{ pattern: RegExp | string; done: (text: string) => void }> = [];
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-50_000);
    for (const w of [...waiters]) {
      const m = typeof w.pattern === 'string' ? (out.includes(w.pattern) ? w.pattern : null) : out.match(w.pattern)?.[0];
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done(m);
      }
    }
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    child,
    output: () => out,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    /** the first match of `pattern` in what the process prints; rejects when it exits first */
    printed: (pattern: RegExp | string) =>
      new Promise<string>((resolve, reject) => {
        waiters.push({ pattern, done: resolve });
        keep(Buffer.alloc(0));
        void exited.then(() => reject(new Error(`${script} exited before printing ${String(pattern)}:\n${out}`)));
      }),
  };
}

/** Starts the server on a free port (PORT=0) and resolves once it listens. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const p = spawnScript('src/server/main.ts', { PORT: '0', HOST: '127.0.0.1', WENKU_SITE_REBUILD: '0', ...env });
  const line = await p.printed(/Wenku 已启动：http:\/\/127\.0\.0\.1:\d+/);
  return { ...p, url: line.slice(line.indexOf('http')) };
}

/** Starts a separate converter process (`npm run worker`) and resolves once it runs. */
export async function startWorker(env: Record<string, string>): Promise<SiteProcess> {
  const p = spawnScript('src/server/worker.ts', { WENKU_LOG: 'info', ...env });
  await p.printed('文档转换进程已启动');
  return p;
}

/** Runs `npm run wenku -- …args` with `env`; its standard output. */
export async function wenkuCli(env: Record<string, string>, ...args: string[]): Promise<string> {
  return (await runNpmScript('src/cli/wenku.ts', args, env)).stdout;
}

/**
 * Another process that opens the SQLite database, reads it and closes it, as an operator's `sqlite3`
 * shell or a backup tool does (Debian's sqlite3 checkpoints and deletes the WAL at close when it
 * believes it is the last connection; Node's own SQLite does not, so it cannot stand in for it).
 */
export async function outsideReader(file: string): Promise<number> {
  const { stdout } = await run('sqlite3', [file, 'select count(*) from users'], { timeout: 30_000 });
  return Number(stdout.trim());
}
