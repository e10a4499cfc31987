import { createHash } from 'node:crypto';
import { Status } from '../../../convert/queue.ts';
import { ts, tsOr, type ImportContext } from '../context.ts';
import { derivedFiles, pageCount, pageFile, pageFormat } from '../pages.ts';
import { bool, int, str } from '../source.ts';
import type { TableStep } from '../write.ts';
import { copyStep, linkStep } from './copy.ts';

const CATEGORY_COLUMNS = {
  int: ['id', 'parent_id', 'doc_count', 'sort'],
  str: ['title', 'cover', 'icon', 'description'],
  on: ['enable'],
  bool: ['show_description'],
};

export const categoriesStep = copyStep(
  { label: '分类', from: 'category', to: 'categories', key: ['id'] },
  CATEGORY_COLUMNS,
  (r, ctx) => {
    const type = int(r, 'type');
    if (type !== 0 && type !== 1)
      ctx.report.problem('未知的分类类型', `分类 ${int(r, 'id')}「${str(r, 'title')}」类型为 ${type}，按文档分类导入`);
    return { type: type === 1 ? 1 : 0 };
  },
);

const ATTACHMENT_COLUMNS = {
  int: ['id', 'user_id', 'type_id', 'type', 'size', 'width', 'height'],
  str: ['path', 'name', 'ip', 'description'],
  on: ['enable'],
  time: ['deleted_at'],
};

export const attachmentsStep = copyStep(
  { label: '附件', from: 'attachment', to: 'attachments', key: ['id'] },
  ATTACHMENT_COLUMNS,
  (r) => ({ hash: str(r, 'hash').toLowerCase(), ext: str(r, 'ext').toLowerCase() }),
);

const KNOWN_STATUS = new Set([0, 1, 2, 3, 4, 5, 6, 7]);
const UUID = /^[0-9a-f]{16}$/;

/** A stable replacement for a missing or duplicate uuid (the same on every run). */
const stableUuid = (id: number, old: string) =>
  createHash('md5').update(`moredoc-document-${id}-${old}`).digest('hex').slice(8, 24);

export interface FileOf {
  attachmentId: number;
  hash: string;
  size: number;
  ext: string;
}

/** The live document attachment of each document (moredoc takes the highest id). */
export async function filesOf(ctx: ImportContext, ids: number[]): Promise<Map<number, FileOf>> {
  const rows = await ctx.source.query(
    `select id, type_id, hash, size, ext from ${ctx.source.table('attachment')}
     where type = 2 and deleted_at is null and type_id in (?) order by id`,
    [ids],
  );
  return new Map(
    rows.map((r) => [
      int(r, 'type_id'),
      {
        attachmentId: int(r, 'id'),
        hash: str(r, 'hash').toLowerCase(),
        size: int(r, 'size'),
        ext: str(r, 'ext').toLowerCase(),
      },
    ]),
  );
}

async function errorsOf(ctx: ImportContext, ids: number[]): Promise<Map<number, string>> {
  if (!(await ctx.source.hasTable('document_error'))) return new Map();
  const rows = await ctx.source.query(`select id, message from ${ctx.source.table('document_error')} where id in (?)`, [ids]);
  return new Map(rows.map((r) => [int(r, 'id'), str(r, 'message')]));
}

export function documentsStep(): TableStep {
  /** document id → uuid, where moredoc's is missing, malformed or not unique */
  let uuids = new Map<number, string>();
  return {
    label: '文档',
    from: 'document',
    to: 'documents',
    key: ['id'],
    async prepare(ctx) {
      const md = await ctx.source.query(`select id, uuid from ${ctx.source.table('document')} order by id`);
      const ids = new Set(md.map((r) => int(r, 'id')));
      const taken = new Map<string, number>();
      if (ctx.targetReady) {
        for (const w of await ctx.db.selectFrom('documents').select(['id', 'uuid']).execute())
          if (!ids.has(w.id)) taken.set(w.uuid, w.id);
      }
      uuids = new Map();
      for (const r of md) {
        const id = int(r, 'id');
        const old = str(r, 'uuid').trim().toLowerCase();
        let uuid = old;
        if (!UUID.test(uuid) || taken.has(uuid)) {
          uuid = stableUuid(id, old);
          ctx.report.problem(
            '文档 uuid 缺失或重复',
            `文档 ${id} 的 uuid「${old}」${old ? '重复或格式不对' : '为空'}，改为 ${uuid}（旧链接 /document/${old} 失效）`,
          );
        }
        taken.set(uuid, id);
        if (uuid !== str(r, 'uuid')) uuids.set(id, uuid);
      }
    },
    async map(rows, ctx) {
      const ids = rows.map((r) => int(r, 'id'));
      const [files, errors] = await Promise.all([filesOf(ctx, ids), errorsOf(ctx, ids)]);
      const out = [];
      for (const r of rows) {
        const id = int(r, 'id');
        const title = str(r, 'title');
        const file = files.get(id);
        let status = int(r, 'status');
        if (!KNOWN_STATUS.has(status)) {
          ctx.report.problem('未知的文档状态', `文档 ${id}「${title}」状态为 ${status}，导入为“已禁用”`);
          status = 4;
        }
        // moredoc resets documents it was converting when it starts; Wenku's converter takes them up
        if (status === Status.Converting) status = Status.Pending;
        if (!file)
          ctx.report.problem('文档没有文件', `文档 ${id}「${title}」没有可用的文件记录${status === 2 ? '，无法预览与下载' : ''}`);
        let format = { previewExt: str(r, 'preview_ext', '.svg') || '.svg', gzip: bool(r, 'enable_gzip') === 1 };
        const pages = int(r, 'pages');
        const preview = int(r, 'preview');
        if (file && status === Status.Converted) {
          const names = await derivedFiles(ctx.opts.files, file.hash);
          const found = pageFormat(names, format);
          if (!found)
            ctx.report.problem('缺少页面文件', `文档 ${id}「${title}」已转换，但 documents/…/${file.hash}/ 下没有页面文件`);
          else {
            if (found.previewExt !== format.previewExt || found.gzip !== format.gzip)
              ctx.report.tally('页面格式按磁盘上的文件更正的文档');
            format = found;
            const missing = [];
            for (let n = 1; n <= pageCount(pages, preview); n++) if (!names.has(pageFile(n, format))) missing.push(n);
            if (missing.length)
              ctx.report.problem(
                '缺少页面文件',
                `文档 ${id}「${title}」缺少第 ${missing.slice(0, 5).join('、')}${missing.length > 5 ? ' 等' : ''} 页`,
              );
          }
        }
        const created = tsOr(ctx, r.created_at);
        const updated = tsOr(ctx, r.updated_at, created);
        out.push({
          id,
          uuid: uuids.get(id) ?? str(r, 'uuid'),
          title,
          keywords: str(r, 'keywords'),
          description: str(r, 'description'),
          preview_ext: format.previewExt,
          ext: str(r, 'ext').toLowerCase(),
          language: str(r, 'language'),
          hash: file?.hash ?? '',
          convert_error: status === Status.Failed ? (errors.get(id) ?? '') : '',
          lease_owner: '',
          user_id: int(r, 'user_id'),
          width: int(r, 'width'),
          height: int(r, 'height'),
          pages,
          preview,
          enable_gzip: format.previewExt === '.svg' && format.gzip ? 1 : 0,
          download_count: int(r, 'download_count'),
          view_count: int(r, 'view_count'),
          favorite_count: int(r, 'favorite_count'),
          comment_count: int(r, 'comment_count'),
          score: int(r, 'score', 300),
          score_count: int(r, 'score_count'),
          price: Math.max(0, int(r, 'price')),
          status,
          attachment_id: file?.attachmentId ?? 0,
          deleted_user_id: int(r, 'deleted_user_id'),
          convert_attempts: 0,
          size: int(r, 'size') || file?.size || 0,
          recommend_at: ts(ctx, r.recommend_at),
          deleted_at: ts(ctx, r.deleted_at),
          lease_until: null,
          converted_at: status === Status.Converted ? updated : null,
          created_at: created,
          updated_at: updated,
        });
      }
      return out;
    },
  };
}

export const documentCategoriesStep = linkStep({
  label: '文档分类关系',
  from: 'document_category',
  to: 'document_categories',
  key: ['document_id', 'category_id'],
});
