/**
 * Every enum of the wire contract with its Chinese labels (and antd tag colours where the
 * back office shows one), defined once. Browser-safe and zod-free: the server, the contract,
 * the public pages and the React apps all import from here.
 */

/** Document statuses (contract §4.1). */
export const DOCUMENT_STATUS = {
  pending: 0,
  converting: 1,
  converted: 2,
  failed: 3,
  disabled: 4,
  reconvert: 5,
  review: 6,
  rejected: 7,
} as const;
export const DOCUMENT_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: '待转换',
  1: '转换中',
  2: '已转换',
  3: '转换失败',
  4: '已禁用',
  5: '重新转换',
  6: '待审核',
  7: '审核拒绝',
};
export const DOCUMENT_STATUS_COLORS: Readonly<Record<number, string>> = {
  0: 'blue',
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'default',
  5: 'cyan',
  6: 'warning',
  7: 'magenta',
};
export const documentStatusLabel = (s: number): string => DOCUMENT_STATUS_LABELS[s] ?? `未知状态${s}`;

/** Review states of articles (contract §4.4) and comments (§4.5); a published item is public. */
export const REVIEW_STATUS = { pending: 0, published: 1, rejected: 2 } as const;
export const REVIEW_STATUS_LABELS: Readonly<Record<number, string>> = { 0: '待审核', 1: '审核通过', 2: '审核拒绝' };
export const REVIEW_STATUS_COLORS: Readonly<Record<number, string>> = { 0: 'orange', 1: 'green', 2: 'red' };
/** Title prefix of an article page that is not public yet (screens §5.5). */
export const REVIEW_STATUS_PREFIX: Readonly<Record<number, string>> = { 0: '(待审核)', 2: '(审核拒绝)' };

/** Comment targets (contract §4.12): `document_id` holds an article id when the type is 1. */
export const COMMENT_TYPE = { document: 0, article: 1 } as const;
/** What a favourite is of: the same two kinds as comments (contract §4.12). */
export const FAVORITE_TYPE = COMMENT_TYPE;
export const COMMENT_TYPE_LABELS: Readonly<Record<number, string>> = { 0: '文档', 1: '文章' };

/** Guest feedback: 0 pending, 1 handled. */
export const FEEDBACK_STATUS_LABELS: Readonly<Record<number, string>> = { 0: '待处理', 1: '已处理' };

/** Attachment types (contract §4.6), sent as `type_name`. */
export const ATTACHMENT_TYPE_LABELS: Readonly<Record<number, string>> = {
  0: '未知',
  1: '头像',
  2: '文档',
  3: '文章',
  4: '评论',
  5: '轮播图',
  6: '分类封面',
  7: '配置',
};
export const attachmentTypeName = (type: number): string => ATTACHMENT_TYPE_LABELS[type] ?? ATTACHMENT_TYPE_LABELS[0];

/** Banner types (spec §3): where the banner is shown. */
export const BANNER_TYPE = { web: 0, miniprogram: 1, app: 2 } as const;
export const BANNER_TYPE_LABELS: Readonly<Record<number, string>> = { 0: '网站', 1: '小程序', 2: 'APP' };

/** Report reasons (contract §4.9, labels of the moredoc front-end). */
export const REPORT_REASON_LABELS: Readonly<Record<number, string>> = {
  1: '垃圾广告',
  2: '淫秽色情',
  3: '虚假中奖',
  4: '敏感信息',
  5: '人身攻击',
  6: '骚扰他人',
  // Wenku: a rights holder's complaint is the most common report a document site receives
  7: '侵权/版权',
};
/** The reasons as the API documentation lists them: `1 垃圾广告、2 淫秽色情、…`. */
export const reportReasonList = (): string =>
  Object.entries(REPORT_REASON_LABELS)
    .map(([value, label]) => `${value} ${label}`)
    .join('、');

/** Punishment types (contract §4.7) and what each one blocks; type 1 blocks everything but login. */
export const PUNISHMENT_TYPE_LABELS: Readonly<Record<number, string>> = {
  1: '禁用账户',
  2: '禁止评论',
  3: '禁止上传文档',
  4: '禁止下载文档',
  5: '禁止收藏',
  6: '禁止发布文章',
};
export const PUNISHMENT_TYPE_TIPS: Readonly<Record<number, string>> = {
  1: '禁止上传、下载、收藏、评论和发布文章（仍可登录）',
  2: '禁止发表评论和回复',
  3: '禁止上传文档',
  4: '禁止下载文档',
  5: '禁止收藏文档和文章',
  6: '禁止发布和编辑文章',
};

/** SMS code purposes (pro contract: POST /sms `type`). */
/** `test`: a send from 短信配置's 发送测试短信 (Wenku), never a code anyone can use */
export const SMS_TYPE = { register: 0, login: 1, findPassword: 2, test: 3 } as const;
export const SMS_TYPE_LABELS: Readonly<Record<number, string>> = { 0: '注册', 1: '登录', 2: '找回密码', 3: '测试' };
/** SMS send statuses (pro contract: GET /sms/list `status`). */
export const SMS_STATUS = { sending: 0, sent: 1, failed: 2 } as const;
export const SMS_STATUS_LABELS: Readonly<Record<number, string>> = { 0: '发送中', 1: '发送成功', 2: '发送失败' };
export const SMS_STATUS_COLORS: Readonly<Record<number, string>> = { 0: 'blue', 1: 'green', 2: 'red' };
/** SMS services (pro contract names); Wenku sends through the first two. */
export const SMS_PROVIDER_LABELS: Readonly<Record<string, string>> = {
  smsAliyun: '阿里云短信',
  smsTencent: '腾讯云短信',
  smsBaidu: '百度云短信',
  smsHuawei: '华为云短信',
  smsHaomas: '号码商短信',
};
