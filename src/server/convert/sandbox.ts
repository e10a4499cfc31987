import { availableParallelism } from 'node:os';
import { processEnv } from '../config.ts';
import { which } from './tools.ts';

/** Per-process limits of every converter child (LibreOffice, MuPDF, Calibre and their helpers). */
export interface ToolLimits {
  /** Writable memory (RLIMIT_DATA) in MB. */
  memoryMb: number;
  /** CPU time (RLIMIT_CPU) in seconds. */
  cpuSeconds: number;
}

// Measured: LibreOffice 7.4 converting the fixtures peaks at ~200 MB of data (a fresh profile, 128 MB
// is too little); a 1.1 MB docx bomb grows past 1.5 GB. 2 GB leaves room for large real documents.
const DEFAULT_MEMORY_MB = 2048;
// A long real document needs a minute or two of CPU; a document that loops should not hold a slot for
// the whole wall-clock timeout (30 minutes by default).
const DEFAULT_CPU_SECONDS = 300;
const MAX_DEFAULT_CONCURRENCY = 2;

const positive = (v: string | undefined, fallback: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** `WENKU_CONVERT_MEMORY_MB` and `WENKU_CONVERT_CPU_SECONDS`, read at each run (tests change them). */
export const toolLimits = (env: NodeJS.ProcessEnv = processEnv()): ToolLimits => ({
  memoryMb: positive(env.WENKU_CONVERT_MEMORY_MB, DEFAULT_MEMORY_MB),
  cpuSeconds: positive(env.WENKU_CONVERT_CPU_SECONDS, DEFAULT_CPU_SECONDS),
});

/** Conversions at once per converter process: `WENKU_CONVERT_CONCURRENCY`, else cores − 1 (1–2). */
export const converterConcurrency = (env: NodeJS.ProcessEnv = processEnv()): number =>
  positive(env.WENKU_CONVERT_CONCURRENCY, Math.min(MAX_DEFAULT_CONCURRENCY, Math.max(1, availableParallelism() - 1)));

/**
 * Makes the group leader get SIGTERM when the process that started it dies, even by `kill -9`: coreutils
 * `timeout`, which passes the signal to its whole group and, with `-k`, SIGKILLs it soon after, or a tool
 * that starts no processes (MuPDF) itself (exec.ts `groupLeader`). Without it an orphaned LibreOffice would
 * run until the backstop timeout. Empty when util-linux `setpriv` is missing.
 */
export function parentDeathPrefix(): string[] {
  const setpriv = which('setpriv');
  return setpriv ? [setpriv, '--pdeathsig', 'TERM'] : [];
}

/**
 * Niceness of every converter child, so that the web server stays responsive. The tool starter
 * (spawner.child.ts) runs at it, and its children inherit it; a tool started by the server itself
 * gets it through `nice` (tool-process.ts).
 */
export const TOOL_NICENESS = 10;

/** `prlimit` (util-linux) with the memory and CPU limits. */
export function limitPrefix(limits: ToolLimits): string[] {
  const prlimit = which('prlimit');
  const bytes = limits.memoryMb * 1024 * 1024;
  return prlimit ? [prlimit, `--data=${bytes}`, `--cpu=${limits.cpuSeconds}`] : [];
}

/** The user-facing reason when a child died of a signal (the limits end it with SIGKILL, SIGXCPU or an abort). */
export const limitReason = (tool: string, limits: ToolLimits): string =>
  `${tool} 转换时异常退出，可能超出了资源限制（内存 ${limits.memoryMb} MB、CPU ${limits.cpuSeconds} 秒），文件可能过大或已损坏`;
