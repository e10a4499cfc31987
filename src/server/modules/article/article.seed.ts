import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';
import { textExcerpt } from '../../html/sanitize.ts';
import { REVIEW_STATUS as ARTICLE_STATUS } from '../../../domain/status.ts';
import { ArticleRepo } from './article.repo.ts';

const ROOT = 1;

/** The single pages the footer links to (`/article/<identifier>`); admins edit them in the back office. */
export const SEED_ARTICLES = [
  {
    identifier: 'about',
    title: '关于我们',
    keywords: '关于我们, 文库',
    content:
      '<p>本站是一个开放的文档与文章分享平台，致力于让有价值的知识被更多人看到。用户可以在这里上传、浏览、收藏和下载各类文档，也可以阅读站内发布的文章资讯。</p><p>我们希望与每一位分享者一起，建设一个内容可靠、检索方便、交流友善的知识社区。</p>',
  },
  {
    identifier: 'agreement',
    title: '文库协议',
    keywords: '文库, 协议, 用户协议',
    content:
      '<p>欢迎使用本站。注册或使用本站服务，即表示您已阅读并同意本协议。</p><p>您上传的文档和发表的内容应当合法、真实，不得侵犯他人的著作权、隐私权等合法权益，不得含有违法、色情、暴力或广告骚扰信息。对于违反本协议的内容，本站有权删除，并视情节对账号采取限制措施。</p>',
  },
  {
    identifier: 'contact',
    title: '联系我们',
    keywords: '联系我们, 客服',
    content:
      '<p>如果您在使用过程中遇到问题，或有合作、版权等方面的事宜，欢迎与我们联系。</p><p>请将问题描述、相关页面地址和您的联系方式一并告诉我们，我们会在收到后尽快回复。</p>',
  },
  {
    identifier: 'feedback',
    title: '意见反馈',
    keywords: '意见, 反馈, 建议',
    content:
      '<p>您的意见是我们改进的动力。无论是功能建议、页面错误，还是对内容质量的看法，都欢迎告诉我们。</p><p>反馈时请尽量写明操作步骤和出现的问题，必要时附上截图，方便我们尽快定位和处理。</p>',
  },
  {
    identifier: 'copyright',
    title: '免责声明',
    keywords: '免责, 声明, 版权',
    content:
      '<p>本站文档和文章由用户上传或发布，仅供学习交流使用，其观点不代表本站立场。本站对用户上传内容的真实性、准确性和合法性不作保证。</p><p>如果您认为本站的某些内容侵犯了您的合法权益，请通过“联系我们”提交权属证明及相关链接，我们核实后将及时删除。</p>',
  },
  {
    identifier: 'help',
    title: '使用帮助',
    keywords: '使用, 帮助, 教程',
    content:
      '<p>浏览文档：通过首页、分类或搜索找到感兴趣的文档，点击即可在线预览。</p><p>上传文档：登录后点击“上传文档”，选择文件和分类后提交，审核通过后即可公开展示。</p><p>下载与收藏：文档页面提供下载和收藏按钮，部分文档下载需要消耗积分。</p>',
  },
] as const;

/**
 * Adds the single pages that are missing (by identifier; a page in the recycle bin counts as
 * present). Idempotent; run inside the seed transaction, after the admin user exists.
 */
export async function seedArticles(db: Kysely<DB>): Promise<number> {
  const repo = new ArticleRepo(db);
  const have = await repo.existingIdentifiers(SEED_ARTICLES.map((a) => a.identifier));
  const missing = SEED_ARTICLES.filter((a) => !have.includes(a.identifier));
  if (!missing.length) return 0;
  const now = nowIso();
  await repo.addByAuthor(
    ROOT,
    missing.map((a) => ({
      ...a,
      author: '',
      user_id: ROOT,
      description: textExcerpt(a.content, 200),
      view_count: 0,
      favorite_count: 0,
      comment_count: 0,
      status: ARTICLE_STATUS.published,
      reject_reason: '',
      recommend_at: null,
      deleted_at: null,
      deleted_user_id: 0,
      created_at: now,
      updated_at: now,
    })),
  );
  return missing.length;
}
