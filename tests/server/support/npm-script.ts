import { execFile, spawn, type ChildProcessByStdio, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';

/** How an npm script of package.json starts Node: the variables it sets and the arguments after `node`. */
export interface NodeCommand {
  env: Record<string, string>;
  args: string[];
}

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const execFileAsync = promisify(execFile);

/**
 * The command `npm start`, `npm run worker` or `npm run wenku` runs for `script` (the file it ends
 * with), so that a test's process runs with the operator's Node flags and compile cache, declared
 * once in package.json. A file no script runs is started bare.
 */
export function asNpmRuns(script: string): NodeCommand {
  for (const line of Object.values(scripts)) {
    const words = line.trim().split(/\s+/);
    const node = words.indexOf('node');
    if (node < 0 || words[words.length - 1] !== script || words.slice(0, node).some((w) => !w.includes('='))) continue;
    const env = Object.fromEntries(words.slice(0, node).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]));
    return { env, args: words.slice(node + 1) };
  }
  return { env: {}, args: [script] };
}

/** The test's environment, then the npm script's variables, then `env` (the test's own say wins). */
const envFor = (npm: NodeCommand, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ ...process.env, ...npm.env, ...env });

/** Starts `script` as its npm script does, with `env` on top (a server or converter); its output piped. */
export function spawnNpmScript(
  script: string,
  env: NodeJS.ProcessEnv,
  options: Pick<SpawnOptions, 'cwd' | 'detached'> = {},
): ChildProcessByStdio<null, Readable, Readable> {
  const npm = asNpmRuns(script);
  return spawn(process.execPath, npm.args, { ...options, env: envFor(npm, env), stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Runs `script -- ...args` to its end as its npm script does; what it printed. Rejects when it exits
 * non-zero, with `code`, `stdout` and `stderr` on the error (as `execFile` does).
 */
export function runNpmScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  limits: { timeout: number; maxBuffer?: number } = { timeout: 60_000 },
): Promise<{ stdout: string; stderr: string }> {
  const npm = asNpmRuns(script);
  return execFileAsync(process.execPath, [...npm.args, ...args], { ...limits, env: envFor(npm, env) });
}
