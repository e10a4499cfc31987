import type { Kysely } from 'kysely';
import type { CommentCreate, CommentUpdate } from '../../../contract/comment.ts';
import { ROOT_USER_ID } from '../../auth/auth.plugin.ts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import type { CommentRow, DB } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { requireCaptcha } from '../captcha/captcha.service.ts';
import { assertNotPunished, PUNISHMENT } from '../punishment/punishment.service.ts';
import { NotificationRepo } from '../notification/notification.repo.ts';
import { CommentRepo } from './comment.repo.ts';
import { moveCounters, rewardSettings } from './counters.service.ts';
import { CommentTargetRepo, TYPE_ARTICLE } from './comment-target.repo.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

type Q = Kysely<DB>;

const APPROVED = 1;
const PENDING = 0;
/** The start of a comment, to name it in a notice. */
const snippet = (text: string): string => {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > 20 ? `${chars.slice(0, 20).join('')}…` : chars.join('');
};
export const COMMENT_NOT_FOUND = '评论不存在';

/** Comment rules (contract §2.6, §6.5): who may comment, review, counters and rewards. */
export class CommentService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  /** Creates a comment: approved at once when a group of the author skips review, pending otherwise. */
  async create(userId: number, input: CommentCreate, ip: string): Promise<CommentRow> {
    const { ctx } = this;
    await requireCaptcha(ctx, 'comment', input, { consume: true, userId });
    await assertNotPunished(ctx.db, userId, [PUNISHMENT.disabled, PUNISHMENT.noComment], '您已被禁止发表评论');
    const root = userId === ROOT_USER_ID;
    const groups = await ctx.repos.membership.groupsOf(userId);
    if (!root && !groups.some((g) => g.enable_comment)) throw forbidden('您所在的用户组不允许评论');
    const status = root || groups.some((g) => !g.enable_comment_approval) ? APPROVED : 0;

    const target = await ctx.repos.commentTarget.find(input.type, input.document_id);
    if (!target) throw notFound(input.type === TYPE_ARTICLE ? '文章不存在' : '文档不存在');
    if (input.parent_id) {
      const parent = await ctx.repos.comment.get(input.parent_id);
      const sameTarget = parent && parent.document_id === input.document_id && parent.type === input.type;
      if (!parent || !sameTarget || parent.status !== APPROVED) throw badRequest('回复的评论不存在');
      if (parent.parent_id) throw badRequest('只能回复一级评论');
    }
    const interval = await ctx.settings.get(SETTINGS.security.comment_interval);
    const reward = await rewardSettings(ctx.settings);

    return ctx.db.transaction().execute(async (trx) => {
      // the author's row is locked so two quick requests cannot both pass the interval
      await new CommentTargetRepo(trx).lockUser(userId);
      if (interval > 0) {
        const last = await new CommentRepo(trx).lastAt(userId);
        const wait = last ? Math.ceil((Date.parse(last) + interval * 1000 - Date.now()) / 1000) : 0;
        if (wait > 0) throw badRequest(`评论太频繁，请 ${wait} 秒后再试`);
      }
      const now = nowIso();
      const row = await new CommentRepo(trx).insert({
        parent_id: input.parent_id,
        document_id: input.document_id,
        type: input.type,
        content: input.content,
        status,
        comment_count: 0,
        user_id: userId,
        ip,
        created_at: now,
        updated_at: now,
      });
      if (status === APPROVED) await moveCounters(trx, [row], 1, reward);
      return row;
    });
  }

  /**
   * Sets the review state of the rows; counters move for those entering or leaving "approved".
   * Authors are told of approvals and rejections (with `reason`) in their member centre.
   */
  private async changeStatus(trx: Q, rows: CommentRow[], status: number, reason = ''): Promise<void> {
    const changed = rows.filter((r) => r.status !== status);
    if (!changed.length) return;
    if (status !== PENDING) {
      const outcome = status === APPROVED ? '已通过审核' : '未通过审核';
      await new NotificationRepo(trx).notify(
        changed.map((r) => ({
          userId: r.user_id,
          kind: 'comment' as const,
          targetId: r.id,
          title: `您的评论「${snippet(r.content)}」${outcome}`,
          content: status === APPROVED ? '' : reason,
        })),
      );
    }
    await new CommentRepo(trx).setStatus(
      changed.map((r) => r.id),
      status,
    );
    if (status === APPROVED) await moveCounters(trx, changed, 1, await rewardSettings(this.ctx.settings));
    else
      await moveCounters(
        trx,
        changed.filter((r) => r.status === APPROVED),
        -1,
      );
  }

  /** Batch review (CheckComment). Returns how many comments were found. */
  async check(ids: number[], status: number, reason = ''): Promise<number> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const rows = await new CommentRepo(trx).byIds(ids);
      await this.changeStatus(trx, rows, status, reason);
      return rows.length;
    });
  }

  async update(input: CommentUpdate): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const repo = new CommentRepo(trx);
      const row = await repo.get(input.id);
      if (!row) throw notFound(COMMENT_NOT_FOUND);
      await repo.setContent(row.id, input.content);
      if (input.status !== undefined) await this.changeStatus(trx, [row], input.status);
    });
  }

  /**
   * Deletes comments (holders: any; others: only their own) together with the replies of deleted
   * top-level comments; counters of approved ones go down. Returns the deleted ids.
   */
  async delete(userId: number, ids: number[], holder: boolean): Promise<number[]> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const repo = new CommentRepo(trx);
      const rows = await repo.byIds(ids);
      if (!rows.length) throw notFound(COMMENT_NOT_FOUND);
      if (!holder && rows.some((r) => r.user_id !== userId)) throw forbidden('您只能删除自己的评论');
      const tops = rows.filter((r) => !r.parent_id).map((r) => r.id);
      const replies = await repo.repliesTo(tops);
      const doomed = new Map<number, CommentRow>();
      for (const r of [...rows, ...replies]) doomed.set(r.id, r);
      // a parent going too needs no counter change
      const approved = [...doomed.values()]
        .filter((r) => r.status === APPROVED)
        .map((r) => (doomed.has(r.parent_id) ? { ...r, parent_id: 0 } : r));
      await moveCounters(trx, approved, -1);
      await repo.delete([...doomed.keys()]);
      return [...doomed.keys()];
    });
  }
}
