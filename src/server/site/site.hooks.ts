/**
 * What the server hands the site builder and the long tail (main.ts, and tests that start a
 * builder): kept apart from site.long-tail.ts, which the app's context names, so that neither
 * imports the other.
 */
import type { FastifyInstance } from 'fastify';
import { SETTINGS } from '../../domain/settings/index.ts';
import type { AppContext } from '../context.ts';
import { LongTailRepo } from './long-tail.repo.ts';
import type { LongTailSetup } from './site.long-tail.ts';

/** The server's long tail: its table, the served folder and the operator's limit (MB). */
export function serverLongTail(ctx: AppContext, forget: (urlPaths: string[]) => void): LongTailSetup {
  return {
    repo: new LongTailRepo(ctx.db),
    publicDocumentIds: (uuids) => ctx.repos.document.publicIdsByUuid(uuids),
    siteDir: ctx.config.siteDir,
    limitBytes: async () => (await ctx.settings.get(SETTINGS.security.long_tail_pages_mb)) * 1024 * 1024,
    forget,
  };
}

/**
 * The site builder's hooks (main.ts, and tests that start a builder): pages an incremental render
 * changed leave the server's memory and are recorded when long tail; a full render in place renders
 * the recorded long tail again, and the record follows what it rendered.
 */
export function siteChangeHooks(app: FastifyInstance, log: (msg: string) => void) {
  return {
    onPagesChanged: async (paths: string[]) => {
      app.siteFiles.forget(paths);
      await app.longTail.rendered(paths).catch((err: Error) => log(`记录按需生成的文档页失败：${err.message}`));
    },
    longTailDocuments: () =>
      app.longTail.documentIds().catch((err: Error) => {
        log(`读取按需生成的文档页失败（本次整站渲染不含它们）：${err.message}`);
        return [];
      }),
    onFullRender: (longTail: string[]) =>
      app.longTail.afterFullRender(longTail).catch((err: Error) => log(`更新按需生成的文档页记录失败：${err.message}`)),
  };
}
