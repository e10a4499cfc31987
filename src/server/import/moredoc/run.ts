import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import { tableExists } from '../../db/introspect.ts';
import { syncIndex } from '../../search/sync.ts';
import type { Storage } from '../../storage/storage.ts';
import type { ImportContext, ImportOptions } from './context.ts';
import { assignUsernameKeys } from '../../modules/user/username-keys.ts';
import { recomputeCounters } from './counters.ts';
import { openingBalances } from './credits.ts';
import { copyFiles } from './files.ts';
import { importTexts } from './texts.ts';
import { groupPermissionsStep, groupsStep, punishmentsStep, userGroupsStep, usersStep } from './map/accounts.ts';
import { commentsStep, downloadsStep, favoritesStep, reportsStep, scoresStep, searchRecordsStep } from './map/activity.ts';
import { articleCategoriesStep, articlesStep } from './map/articles.ts';
import { attachmentsStep, categoriesStep, documentCategoriesStep, documentsStep } from './map/library.ts';
import { advertisementsStep, bannersStep, friendlinksStep, importConfigs, languagesStep, navigationsStep } from './map/site.ts';
import { ImportReport } from './report.ts';
import { MoredocSource } from './source.ts';
import { ImportState, otherSources } from './state.ts';
import { ownContent } from './target.ts';
import { validZone } from './time.ts';
import { runTableStep, type TableStep } from './write.ts';

/** In dependency order: documents need their attachments, downloads their documents' prices. */
const tableSteps = (): TableStep[] => [
  usersStep(),
  groupsStep(),
  userGroupsStep,
  groupPermissionsStep(),
  punishmentsStep,
  categoriesStep,
  attachmentsStep,
  documentsStep(),
  documentCategoriesStep,
  scoresStep,
  favoritesStep,
  downloadsStep,
  commentsStep,
  reportsStep,
  articlesStep(),
  articleCategoriesStep,
  bannersStep,
  friendlinksStep,
  navigationsStep,
  advertisementsStep,
  languagesStep,
  searchRecordsStep,
];

/** Refused before anything is written; the message says what to do. */
export class ImportRefused extends Error {}

async function checkFilesDir(dir: string): Promise<void> {
  const isDir = async (p: string) => (await stat(p).catch(() => null))?.isDirectory() ?? false;
  if (!(await isDir(dir))) throw new ImportRefused(`--files 指定的目录不存在：${dir}`);
  if (!(await isDir(join(dir, 'documents'))) && !(await isDir(join(dir, 'uploads')))) {
    throw new ImportRefused(`--files 目录 ${dir} 中没有 documents/ 或 uploads/ 文件夹：应指向 moredoc 程序所在的目录`);
  }
}

/**
 * Copies a moredoc site (database and files) into this Wenku database and storage. Resumable:
 * every batch commits with its position in `import_state`, and rows keep their moredoc ids (or
 * are matched by their unique columns), so a second run copies nothing twice.
 */
export async function importMoredoc(
  db: Database,
  storage: Storage,
  opts: ImportOptions,
  log: (line: string) => void,
): Promise<ImportReport> {
  if (!validZone(opts.timezone)) throw new ImportRefused(`无法识别的时区：${opts.timezone}（例如 Asia/Shanghai 或 +08:00）`);
  await checkFilesDir(opts.files);
  const source = await MoredocSource.open(opts.mysql, opts.prefix);
  try {
    const report = new ImportReport(opts.dryRun, log);
    const targetReady = await tableExists(db, 'users');
    const state = new ImportState(db, source.key, opts.dryRun);
    await state.load();
    if (state.get('finished').done) log(`这个 moredoc 站点之前已导入过（${source.key}），本次只复制新增的内容。`);
    else if (state.started) log(`继续上次未完成的导入（${source.key}）。`);
    else if (targetReady) {
      const own = [...(await ownContent(db)), ...(await otherSources(db, source.key)).map((s) => `另一个站点的导入（${s}）`)];
      if (own.length && !opts.merge) {
        const why = `Wenku 数据库中已有自己的内容（${own.join('，')}）。确定要把 moredoc 的数据合并进来时请加 --merge：编号相同的记录会被 moredoc 的覆盖`;
        if (!opts.dryRun) throw new ImportRefused(why);
        report.problem('目标库已有内容', why);
      } else if (own.length) {
        report.notice(`合并导入：Wenku 中已有 ${own.join('，')}；编号与 moredoc 相同的记录会被覆盖`);
      }
    }
    const ctx: ImportContext = {
      db,
      source,
      storage,
      report,
      opts,
      targetReady,
      batchSize: opts.batchSize ?? 500,
      now: nowIso(),
    };
    log(opts.dryRun ? '预演开始（不写入任何数据）…' : '导入开始…');
    for (const step of tableSteps()) await runTableStep(ctx, state, step);
    await importConfigs(ctx, state);
    await openingBalances(ctx);
    log('复制文件…');
    await copyFiles(ctx, state);
    log('整理页面文字…');
    await importTexts(ctx, state);
    if (!opts.dryRun) {
      log('重新计算计数…');
      await recomputeCounters(db);
      await assignUsernameKeys(db); // imported and overwritten users get their name keys
      log('重建搜索索引…');
      const { indexed } = await syncIndex(db);
      report.notice(`搜索索引已更新 ${indexed} 项`);
      await db.transaction().execute((trx) => state.save(trx, 'finished', { done: true }));
    }
    report.notice(
      'moredoc 的登录会话不会保留（JWT 密钥不迁移）：用户需要用原来的用户名和密码重新登录，密码首次登录时自动升级为 argon2',
    );
    report.print();
    return report;
  } finally {
    await source.close();
  }
}
