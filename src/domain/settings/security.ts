import { DOCUMENT_EXTENSIONS } from '../file-kind.ts';
import { flag, list, num, text, group } from './define.ts';

const CLOSE_STATEMENT = [
  '<h2>本站正在维护中</h2>',
  '<p>尊敬的用户您好，本站正在对服务进行升级维护，暂时无法访问。</p>',
  '<p>维护完成后将第一时间恢复访问，给您带来的不便，敬请谅解！</p>',
  '<p>感谢您的耐心等待与支持。</p>',
].join('\n');

export const SECURITY = group('security', {
  max_document_size: num({
    default: 50,
    label: '最大文档大小(MB)',
    placeholder:
      '允许用户上传的最大文档大小，默认为50，即50MB。配置时仍需配置反向代理服务所允许传输的最大大小，如nginx的client_max_body_size值！',
    sort: 1,
  }),
  upload_rate_limit: num({
    default: 20,
    label: '上传频率限制(个)',
    placeholder: '每个用户在【上传频率统计时长】内最多上传多少个文件（文档、图片、视频都算），0表示不限制。管理员不受限制。',
    sort: 1,
    col: 8,
  }),
  upload_rate_minutes: num({
    default: 10,
    label: '上传频率统计时长(分钟)',
    placeholder: '上传频率限制的统计时长，单位为分钟，默认为10',
    sort: 1,
    col: 8,
  }),
  upload_daily_quota: num({
    default: 500,
    label: '每人每日上传总量(MB)',
    placeholder: '每个用户每天最多上传多少MB的文件，0表示不限制。管理员不受限制。',
    sort: 1,
    col: 8,
  }),
  unused_attachment_hours: num({
    default: 24,
    label: '未使用附件保留时长(小时)',
    placeholder:
      '上传后一直没有被发布使用的文档文件、文章图片与视频、轮播图图片，超过该时长后连同文件一起自动删除。0表示不清理。',
    sort: 16,
  }),
  long_tail_pages_mb: num({
    default: 10240,
    label: '按需生成的文档页磁盘上限(MB)',
    placeholder:
      '没有预渲染的旧文档，读者第一次打开时才生成静态页面；这些页面（连同压缩副本）总大小超过该值时，删除最久没人读的，下次有人打开时再生成。0表示不限制。',
    sort: 17,
    bounds: [0, 100_000_000],
  }),
  comment_interval: num({
    default: 10,
    label: '评论时间间隔',
    placeholder: '用户评论时间间隔，单位为秒。0表示不限制。',
    sort: 2,
  }),
  document_related_duration: num({
    default: 7,
    label: '文档的【相关文档】有效期',
    placeholder: '文档的相关联文档的有效期，默认为7，即7天，0或小于0，表示不开启相关文档功能',
    sort: 15,
  }),
  attachment_retention_minute: num({
    default: 1440,
    label: '从回收站清除的文档文件保留时长',
    placeholder:
      '单位为分钟，默认为1440，即24小时。文档被从回收站清除之后，文档文件并未真正删除，用以规避操作失误的情况。设为 0 则表示即时删除文档文件，用以释放存储空间。',
    sort: 16,
  }),
  search_record_retention_days: num({
    default: 7,
    label: '搜索记录保留天数',
    placeholder: '单位为天，默认为7，即7天。0表示不记录用户搜索记录。',
    sort: 17,
    col: 12,
  }),
  document_allowed_ext: list({
    label: '允许上传的文档类型',
    placeholder: '留空表示允许程序所支持的全部文档类型',
    input: 'select-multi',
    options: DOCUMENT_EXTENSIONS.map((ext) => `${ext}:${ext}`).join('\n'),
    sort: 17,
    col: 12,
    public: true,
  }),
  is_close: flag({ label: '是否关闭网站', placeholder: '请选择是否关闭网站', sort: 160, col: 8, public: true }),
  close_statement: text({
    default: CLOSE_STATEMENT,
    label: '闭站说明',
    placeholder: '关闭网站后，页面提示内容（支持HTML）',
    input: 'textarea',
    sort: 170,
    public: true,
  }),
  enable_register: flag({
    default: true,
    label: '是否允许注册',
    placeholder: '请选择是否允许用户注册',
    sort: 18,
    col: 8,
    public: true,
  }),
  login_required: flag({ label: '是否登录才能访问', placeholder: '用户是否登录了才能访问', sort: 18, col: 8, public: true }),
  enable_captcha_login: flag({
    default: true,
    label: '是否开启登录验证码',
    placeholder: '请选择是否开启登录验证码',
    sort: 19,
    col: 8,
    public: true,
  }),
  enable_captcha_register: flag({
    default: true,
    label: '是否开启注册验证码',
    placeholder: '请选择是否开启注册验证码',
    sort: 20,
    col: 8,
    public: true,
  }),
  enable_captcha_comment: flag({
    default: true,
    label: '是否开启评论验证码',
    placeholder: '请选择是否开启评论验证码',
    sort: 21,
    col: 8,
    public: true,
  }),
  enable_captcha_comment_member: flag({
    label: '已登录会员评论也需验证码',
    placeholder: '关闭时只有游客的留言需要验证码（评论验证码开启时）',
    sort: 21,
    col: 8,
    public: true,
  }),
  enable_captcha_find_password: flag({
    default: true,
    label: '是否开启找回密码验证码',
    placeholder: '请选择是否开启找回密码验证码',
    sort: 22,
    col: 8,
    public: true,
  }),
  enable_verify_register_email: flag({
    label: '是否开启注册邮箱验证',
    placeholder: '用户注册时是否需要验证邮箱',
    sort: 50,
    col: 8,
    public: true,
  }),
});
