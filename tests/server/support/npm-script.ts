import { readFileSync } from 'node:fs';

/** How an npm script of package.json starts Node: the variables it sets and the arguments after `node`. */
export interface NodeCommand {
  env: Record<string, string>;
  args: string[];
}

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

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
