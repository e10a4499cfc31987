import type { AppConfig } from '../server/config.ts';
import { createStorage } from '../server/storage/create.ts';
import { LocalStorage } from '../server/storage/storage.ts';

/** `wenku storage migrate --to <spec>`: copies every stored file, streaming, skipping those already there. */
export async function storageMigrate(argv: string[], config: AppConfig, log = console.log): Promise<number> {
  const i = argv.indexOf('--to');
  const to = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--to='))?.slice('--to='.length);
  if (!to) throw new Error('缺少目标：storage migrate --to s3://<bucket>/<前缀>');
  const source = createStorage(config);
  if (!(source instanceof LocalStorage)) throw new Error(`当前 STORAGE=${config.storage} 不是本地目录，只能从本地目录迁移`);
  const target = createStorage(config, to);
  if (String(target) === String(source)) throw new Error('目标与当前存储相同');
  await target.check();
  let copied = 0;
  let skipped = 0;
  for await (const key of source.keys()) {
    if (await target.exists(key)) {
      skipped++;
      continue;
    }
    const stream = await source.read(key);
    if (!stream) continue; // removed meanwhile
    await target.putStream(key, stream);
    if (++copied % 500 === 0) log(`已复制 ${copied} 个文件…`);
  }
  log(`迁移完成：复制 ${copied} 个文件，跳过已存在的 ${skipped} 个（${String(source)} → ${String(target)}）。`);
  log(`下一步：把环境变量 STORAGE 设为 ${to} 并重启所有实例与转换进程；确认无误后再删除旧目录。`);
  return 0;
}
