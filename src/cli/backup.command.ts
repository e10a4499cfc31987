import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../server/backup/restore.ts';
import { verifyBackup } from '../server/backup/verify.ts';
import { createBackup } from '../server/backup/write.ts';
import type { AppConfig } from '../server/config.ts';
import { serverAnswers } from './status.command.ts';

const human = (bytes: number) =>
  bytes >= 1 << 30 ? `${(bytes / (1 << 30)).toFixed(2)} GB` : `${(bytes / (1 << 20)).toFixed(1)} MB`;

/** `wenku backup [--to DIR]` */
export async function backupCommand(argv: string[], config: AppConfig, log = console.log): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { to: { type: 'string' } }, allowPositionals: false });
  const dir = values.to ? resolve(values.to) : config.backupDir;
  const { file, bytes, manifest } = await createBackup(config, dir, log);
  const rows = Object.values(manifest.database.tables).reduce((a, t) => a + t.rows, 0);
  log(`文件：${file}`);
  log(
    `大小：${human(bytes)}；数据库 ${rows} 行（${Object.keys(manifest.database.tables).length} 张表）；${manifest.files.count} 个文件`,
  );
  return 0;
}

/** `wenku backup verify FILE` */
export async function verifyCommand(file: string, log = console.log): Promise<number> {
  const tmp = mkdtempSync(join(resolve(file, '..'), '.verify-'));
  try {
    const { manifest, problems, files } = await verifyBackup(resolve(file), join(tmp, 'wenku.db'), log);
    if (problems.length) {
      console.error(`备份有问题（${problems.length} 处）：`);
      for (const p of problems.slice(0, 50)) console.error(`  ${p}`);
      return 1;
    }
    const rows = Object.values(manifest!.database.tables).reduce((a, t) => a + t.rows, 0);
    log(`备份完好：${manifest!.created_at} 生成，数据库 ${rows} 行，${files} 个文件，校验和全部一致`);
    return 0;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** `wenku restore FILE [--force]` */
export async function restoreCommand(argv: string[], config: AppConfig, log = console.log): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { force: { type: 'boolean' } }, allowPositionals: true });
  const file = positionals[0];
  if (!file) throw new Error('缺少备份文件：restore <文件>');
  if ((await serverAnswers(config.port)) !== null)
    throw new Error(`端口 ${config.port} 上的服务器正在运行：请先停止服务器（以及转换进程）再恢复`);
  const t0 = Date.now();
  await restoreBackup(config, resolve(file), { force: values.force, log });
  log(`恢复完成，用时 ${((Date.now() - t0) / 1000).toFixed(1)} 秒。现在可以启动服务器。`);
  return 0;
}
