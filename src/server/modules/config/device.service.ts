import { readFile, statfs } from 'node:fs/promises';
import { cpus, freemem, totalmem, type CpuInfo } from 'node:os';
import { resolve } from 'node:path';
import type { DeviceInfo } from '../../../contract/config.ts';

const SAMPLE_MS = 200;
const round2 = (n: number) => Math.round(n * 100) / 100;

const busyIdle = (list: CpuInfo[]) =>
  list.reduce(
    (acc, c) => {
      const { user, nice, sys, irq, idle } = c.times;
      return { busy: acc.busy + user + nice + sys + irq, idle: acc.idle + idle };
    },
    { busy: 0, idle: 0 },
  );

/** CPU load over a short sample of the kernel's counters. */
async function cpuInfo(): Promise<DeviceInfo['cpu']> {
  const first = cpus();
  await new Promise((r) => setTimeout(r, SAMPLE_MS));
  const second = cpus();
  const a = busyIdle(first);
  const b = busyIdle(second);
  const busy = b.busy - a.busy;
  const total = busy + (b.idle - a.idle);
  return {
    cores: second.length,
    model_name: second[0]?.model.trim() ?? '',
    mhz: second[0]?.speed ?? 0,
    percent: total > 0 ? round2((busy / total) * 100) : 0,
  };
}

/** MemAvailable of /proc/meminfo where there is one (Linux), else the free memory. */
async function memoryInfo(): Promise<DeviceInfo['memory']> {
  const total = totalmem();
  const free = freemem();
  let available = free;
  try {
    const kb = /^MemAvailable:\s+(\d+)\s*kB/m.exec(await readFile('/proc/meminfo', 'utf8'))?.[1];
    if (kb) available = Number(kb) * 1024;
  } catch {
    /* not Linux */
  }
  const used = total - available;
  return { total, available, used, free, percent: total > 0 ? round2((used / total) * 100) : 0 };
}

/** The mount point holding `dir` (longest matching entry of /proc/self/mounts), else `dir` itself. */
async function mountPointOf(dir: string): Promise<string> {
  try {
    const mounts = (await readFile('/proc/self/mounts', 'utf8'))
      .split('\n')
      .map((l) => l.split(' ')[1]?.replace(/\\040/g, ' '))
      .filter((m): m is string => Boolean(m));
    const hits = mounts.filter((m) => m === '/' || dir === m || dir.startsWith(`${m}/`));
    return hits.sort((x, y) => y.length - x.length)[0] ?? dir;
  } catch {
    return dir;
  }
}

/** The disk holding the data directory (database and files). */
async function diskInfo(dataDir: string): Promise<DeviceInfo['disk']> {
  const dir = resolve(dataDir);
  const s = await statfs(dir);
  const total = s.blocks * s.bsize;
  const free = s.bavail * s.bsize;
  const used = total - s.bfree * s.bsize;
  return [
    { disk_name: await mountPointOf(dir), total, used, free, percent: total > 0 ? round2((used / (used + free)) * 100) : 0 },
  ];
}

export async function deviceInfo(dataDir: string): Promise<DeviceInfo> {
  const [cpu, memory, disk] = await Promise.all([cpuInfo(), memoryInfo(), diskInfo(dataDir)]);
  return { cpu, memory, disk };
}
