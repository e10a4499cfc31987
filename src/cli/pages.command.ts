import { checkStoredPages } from '../server/convert/page-check.ts';
import type { AppConfig } from '../server/config.ts';
import type { Database } from '../server/db/db.ts';
import { createStorage } from '../server/storage/create.ts';

/** `wenku pages repair`: every converted document's pages checked, repaired in place or the document requeued. */
export async function pagesRepair(db: Database, config: AppConfig, argv: string[], log = console.log): Promise<number> {
  const i = argv.indexOf('--from-id');
  const fromId = i >= 0 ? Number(argv[i + 1]) : 0;
  if (!Number.isInteger(fromId) || fromId < 0) throw new Error('--from-id 须为非负整数');
  const report = await checkStoredPages(
    { db, storage: createStorage(config) },
    { fromId, onBatch: async (last) => log(`已检查到文档 #${last}…`) },
  );
  log(`检查完成：${report.documents} 个文件的 ${report.pages} 页，修复 ${report.repaired} 页。`);
  for (const r of report.requeued) log(`文档 #${r.id} 已重新排队转换：${r.reason}`);
  return 0;
}
