/**
 * Config seed data (contract §5 + Appendix B placeholders).
 *
 * The seeder inserts missing (category, name) rows and, for existing rows,
 * updates every column except `value`. Values are strings interpreted by
 * `input_type` (`number` → int, `switch` → 'true' | 'false', `select-multi`
 * → comma split). For select types `options` holds one `value:label` per line.
 *
 * Departures from the moredoc edition (this product is Wenku):
 * - Wenku site name / title / keywords / description / domain defaults;
 *   a neutral close_statement; converter.extension defaults to `svg`.
 * - Secrets (`download.secret_key`, `email.secret`) are seeded empty and
 *   flagged `is_secret`; the seeder fills them with random values on first start.
 * - Extra categories `pay`, `oauth` and `vip` backing the admin tabs
 *   /admin/config/pay, /admin/config/oauth and /admin/config/vip.
 */

import { DOCUMENT_EXTENSIONS } from '../../../domain/file-kind.ts';

export interface ConfigSeed {
  category: string;
  name: string;
  label: string;
  value: string;
  placeholder: string;
  input_type: 'text' | 'textarea' | 'number' | 'switch' | 'select' | 'select-multi' | 'password' | 'image';
  options: string;
  sort: number;
  col_num: number;
  is_secret?: boolean;
}

const CLOSE_STATEMENT = [
  '<h2>本站正在维护中</h2>',
  '<p>尊敬的用户您好，本站正在对服务进行升级维护，暂时无法访问。</p>',
  '<p>维护完成后将第一时间恢复访问，给您带来的不便，敬请谅解！</p>',
  '<p>感谢您的耐心等待与支持。</p>',
].join('\n');

export const CONFIG_SEEDS: ConfigSeed[] = [
  // ───────────────────────────── system ─────────────────────────────
  { category: 'system', name: 'sitename', label: '网站名称', value: 'Wenku 文库', placeholder: '请输入您网站的名称，如：魔豆文库', input_type: 'text', options: '', sort: 10, col_num: 24 },
  { category: 'system', name: 'domain', label: '【重要】网站域名', value: 'http://127.0.0.1:8880', placeholder: '请输入您网站的域名访问地址，带 https:// 或 http:// 如 https://moredoc.mnt.ltd，用以生成网站地图sitemap', input_type: 'text', options: '', sort: 11, col_num: 24 },
  { category: 'system', name: 'title', label: '首页标题', value: 'Wenku 文库 · 开源文档分享平台', placeholder: '请输入您网站的首页标题，如：魔豆文库，强大、专业的文库系统', input_type: 'text', options: '', sort: 20, col_num: 24 },
  { category: 'system', name: 'keywords', label: '网站关键字', value: '文库,文档分享,Wenku', placeholder: '请输入您网站的关键字', input_type: 'text', options: '', sort: 30, col_num: 24 },
  { category: 'system', name: 'description', label: '网站描述', value: 'Wenku 文库是一个开源、可自托管的中文文档与文章分享平台。', placeholder: '请输入您网站的描述', input_type: 'textarea', options: '', sort: 40, col_num: 24 },
  { category: 'system', name: 'recommend_words', label: '首页搜索推荐词', value: '', placeholder: '网站首页搜索推荐关键字，多个关键字用英文逗号分隔', input_type: 'text', options: '', sort: 50, col_num: 24 },
  { category: 'system', name: 'logo', label: '网站Logo', value: '', placeholder: '请上传一张图片作为网站Logo(透明背景，以便网站底部logo反色展示)', input_type: 'image', options: '', sort: 60, col_num: 12 },
  { category: 'system', name: 'favicon', label: '网站Favicon', value: '', placeholder: '请上传一张方方正正的小图片作为网站favicon，建议为 .ico 的图片', input_type: 'image', options: '', sort: 61, col_num: 12 },
  { category: 'system', name: 'register_background', label: '注册页背景图', value: '', placeholder: '请上传一张图片作为注册页背景图', input_type: 'image', options: '', sort: 62, col_num: 12 },
  { category: 'system', name: 'login_background', label: '登录页背景图', value: '', placeholder: '请上传一张图片作为登录页背景图', input_type: 'image', options: '', sort: 63, col_num: 12 },
  { category: 'system', name: 'sec_icp', label: '公网安备', value: '', placeholder: '请输入您网站的公网安备备案号', input_type: 'text', options: '', sort: 68, col_num: 12 },
  { category: 'system', name: 'icp', label: '网站备案号', value: '', placeholder: '请输入您网站的备案号', input_type: 'text', options: '', sort: 69, col_num: 12 },
  { category: 'system', name: 'copyright_start_year', label: '版权起始年', value: '2019', placeholder: '请输入您网站版权起始年，如：2019，则前台会显示如 ©2019 - 20xx 的字样', input_type: 'text', options: '', sort: 80, col_num: 24 },
  { category: 'system', name: 'analytics', label: '网站统计代码', value: '', placeholder: '请输入您网站的统计代码，当前只支持百度统计', input_type: 'textarea', options: '', sort: 90, col_num: 24 },

  // ───────────────────────────── captcha ─────────────────────────────
  { category: 'captcha', name: 'height', label: '验证码高度', value: '60', placeholder: '请输入验证码高度，默认为60', input_type: 'number', options: '', sort: 13, col_num: 24 },
  { category: 'captcha', name: 'width', label: '验证码宽度', value: '240', placeholder: '请输入验证码宽度，默认为240', input_type: 'number', options: '', sort: 14, col_num: 24 },
  { category: 'captcha', name: 'length', label: '验证码长度', value: '5', placeholder: '请输入验证码长度，默认为6', input_type: 'number', options: '', sort: 15, col_num: 24 },
  { category: 'captcha', name: 'type', label: '验证码类型', value: 'digit', placeholder: '请选择验证码类型，默认为数字', input_type: 'select', options: 'string:字符串\nmath:算术\ndigit:数字\naudio:语音', sort: 16, col_num: 24 },

  // ───────────────────────────── security ─────────────────────────────
  { category: 'security', name: 'max_document_size', label: '最大文档大小(MB)', value: '50', placeholder: '允许用户上传的最大文档大小，默认为50，即50MB。配置时仍需配置反向代理服务所允许传输的最大大小，如nginx的client_max_body_size值！', input_type: 'number', options: '', sort: 1, col_num: 24 },
  { category: 'security', name: 'upload_rate_limit', label: '上传频率限制(个)', value: '20', placeholder: '每个用户在【上传频率统计时长】内最多上传多少个文件（文档、图片、视频都算），0表示不限制。管理员不受限制。', input_type: 'number', options: '', sort: 1, col_num: 8 },
  { category: 'security', name: 'upload_rate_minutes', label: '上传频率统计时长(分钟)', value: '10', placeholder: '上传频率限制的统计时长，单位为分钟，默认为10', input_type: 'number', options: '', sort: 1, col_num: 8 },
  { category: 'security', name: 'upload_daily_quota', label: '每人每日上传总量(MB)', value: '500', placeholder: '每个用户每天最多上传多少MB的文件，0表示不限制。管理员不受限制。', input_type: 'number', options: '', sort: 1, col_num: 8 },
  { category: 'security', name: 'unused_attachment_hours', label: '未使用附件保留时长(小时)', value: '24', placeholder: '上传后一直没有被发布使用的文档文件、文章图片与视频、轮播图图片，超过该时长后连同文件一起自动删除。0表示不清理。', input_type: 'number', options: '', sort: 16, col_num: 24 },
  { category: 'security', name: 'comment_interval', label: '评论时间间隔', value: '10', placeholder: '用户评论时间间隔，单位为秒。0表示不限制。', input_type: 'number', options: '', sort: 2, col_num: 24 },
  { category: 'security', name: 'document_related_duration', label: '文档的【相关文档】有效期', value: '7', placeholder: '文档的相关联文档的有效期，默认为7，即7天，0或小于0，表示不开启相关文档功能', input_type: 'number', options: '', sort: 15, col_num: 24 },
  { category: 'security', name: 'attachment_retention_minute', label: '从回收站清除的文档文件保留时长', value: '1440', placeholder: '单位为分钟，默认为1440，即24小时。文档被从回收站清除之后，文档文件并未真正删除，用以规避操作失误的情况。设为 0 则表示即时删除文档文件，用以释放存储空间。', input_type: 'number', options: '', sort: 16, col_num: 24 },
  { category: 'security', name: 'search_record_retention_days', label: '搜索记录保留天数', value: '7', placeholder: '单位为天，默认为7，即7天。0表示不记录用户搜索记录。', input_type: 'number', options: '', sort: 17, col_num: 12 },
  { category: 'security', name: 'document_allowed_ext', label: '允许上传的文档类型', value: '', placeholder: '留空表示允许程序所支持的全部文档类型', input_type: 'select-multi', options: DOCUMENT_EXTENSIONS.map((ext) => `${ext}:${ext}`).join('\n'), sort: 17, col_num: 12 },
  { category: 'security', name: 'is_close', label: '是否关闭网站', value: 'false', placeholder: '请选择是否关闭网站', input_type: 'switch', options: '', sort: 160, col_num: 8 },
  { category: 'security', name: 'close_statement', label: '闭站说明', value: CLOSE_STATEMENT, placeholder: '关闭网站后，页面提示内容（支持HTML）', input_type: 'textarea', options: '', sort: 170, col_num: 24 },
  { category: 'security', name: 'enable_register', label: '是否允许注册', value: 'true', placeholder: '请选择是否允许用户注册', input_type: 'switch', options: '', sort: 18, col_num: 8 },
  { category: 'security', name: 'login_required', label: '是否登录才能访问', value: 'false', placeholder: '用户是否登录了才能访问', input_type: 'switch', options: '', sort: 18, col_num: 8 },
  { category: 'security', name: 'enable_captcha_login', label: '是否开启登录验证码', value: 'true', placeholder: '请选择是否开启登录验证码', input_type: 'switch', options: '', sort: 19, col_num: 8 },
  { category: 'security', name: 'enable_captcha_register', label: '是否开启注册验证码', value: 'true', placeholder: '请选择是否开启注册验证码', input_type: 'switch', options: '', sort: 20, col_num: 8 },
  { category: 'security', name: 'enable_captcha_comment', label: '是否开启评论验证码', value: 'true', placeholder: '请选择是否开启评论验证码', input_type: 'switch', options: '', sort: 21, col_num: 8 },
  { category: 'security', name: 'enable_captcha_find_password', label: '是否开启找回密码验证码', value: 'true', placeholder: '请选择是否开启找回密码验证码', input_type: 'switch', options: '', sort: 22, col_num: 8 },
  { category: 'security', name: 'enable_verify_register_email', label: '是否开启注册邮箱验证', value: 'false', placeholder: '用户注册时是否需要验证邮箱', input_type: 'switch', options: '', sort: 50, col_num: 8 },

  // ───────────────────────────── footer ─────────────────────────────
  { category: 'footer', name: 'about', label: '关于我们', value: '/article/about', placeholder: '请输入关于我们的链接地址，留空表示不显示', input_type: 'text', options: '', sort: 24, col_num: 24 },
  { category: 'footer', name: 'contact', label: '联系我们', value: '/article/contact', placeholder: '请输入联系我们的链接地址，留空表示不显示', input_type: 'text', options: '', sort: 25, col_num: 24 },
  { category: 'footer', name: 'agreement', label: '文库协议', value: '/article/agreement', placeholder: '请输入文库协议的链接地址，留空表示不显示', input_type: 'text', options: '', sort: 26, col_num: 24 },
  { category: 'footer', name: 'copyright', label: '免责声明', value: '/article/copyright', placeholder: '请输入免责声明的链接地址，留空表示不显示', input_type: 'text', options: '', sort: 27, col_num: 24 },
  { category: 'footer', name: 'feedback', label: '意见反馈', value: '/article/feedback', placeholder: '请输入意见反馈的链接地址，留空表示不显示', input_type: 'text', options: '', sort: 28, col_num: 24 },

  // ───────────────────────────── converter ─────────────────────────────
  { category: 'converter', name: 'max_preview_percent', label: '最大预览页数百分比', value: '100', placeholder: '百分比数值，填1~100，与，0和100均表示不限制。与【最大阅览页数】一起，取两者中的最小值', input_type: 'number', options: '', sort: -1, col_num: 24 },
  { category: 'converter', name: 'max_preview', label: '最大预览页数', value: '12', placeholder: '文档允许的最大预览页数，0表示不限制', input_type: 'number', options: '', sort: 0, col_num: 12 },
  { category: 'converter', name: 'timeout', label: '转换超时(分钟)', value: '30', placeholder: '文档转换超时时间，默认为30分钟', input_type: 'number', options: '', sort: 20, col_num: 12 },
  { category: 'converter', name: 'extension', label: '预览格式', value: 'svg', placeholder: '将文档转为特定格式以供预览', input_type: 'select', options: 'svg:SVG\njpg:JPEG\npng:PNG\nwebp:WEBP', sort: 30, col_num: 12 },
  { category: 'converter', name: 'enable_convert_repeated_document', label: '是否转换重复文档', value: 'false', placeholder: '对于已转换过的文档，再次被上传时是否再转换一次', input_type: 'switch', options: '', sort: 31, col_num: 12 },
  { category: 'converter', name: 'enable_gzip', label: '是否启用GZIP压缩', value: 'true', placeholder: '是否对文档SVG预览文件启用GZIP压缩，启用后转换效率会【稍微】下降，但相对直接的SVG文件减少75%的存储空间', input_type: 'switch', options: '', sort: 40, col_num: 24 },
  { category: 'converter', name: 'enable_svgo', label: '是否启用SVGO', value: 'false', placeholder: '是否对文档SVG预览文件启用SVGO压缩，启用后转换效率会【明显】下降，但相对直接的SVG文件减少50%左右的存储空间', input_type: 'switch', options: '', sort: 50, col_num: 24 },

  // ───────────────────────────── download ─────────────────────────────
  { category: 'download', name: 'enable_guest_download', label: '是否允许游客下载', value: 'false', placeholder: '启用之后，未登录用户可以下载免费文档', input_type: 'switch', options: '', sort: 10, col_num: 12 },
  { category: 'download', name: 'free_download_duration', label: '购买文档后多少天内允许免费重复下载', value: '0', placeholder: '0表示再次下载仍需购买，大于0表示指定多少天内有效', input_type: 'number', options: '', sort: 20, col_num: 12 },
  { category: 'download', name: 'url_duration', label: '下载链接有效时长(秒)', value: '60', placeholder: '生成文档下载链接后多少秒之后链接失效', input_type: 'number', options: '', sort: 30, col_num: 12 },
  { category: 'download', name: 'times_every_day', label: '允许登录用户每天下载次数', value: '10', placeholder: '允许登录用户每天下载次数，0表示不允许下载', input_type: 'number', options: '', sort: 40, col_num: 12 },
  { category: 'download', name: 'times_every_ip', label: '允许每个IP每天下载次数', value: '10', placeholder: '允许每个IP每天下载的次数，0表示不允许下载（针对所有用户）', input_type: 'number', options: '', sort: 41, col_num: 12 },
  { category: 'download', name: 'secret_key', label: '链接签名密钥', value: '', placeholder: '链接签名密钥，用于加密下载链接', input_type: 'text', options: '', sort: 50, col_num: 12, is_secret: true },

  // ───────────────────────────── score ─────────────────────────────
  { category: 'score', name: 'credit_name', label: '积分名称', value: '魔豆', placeholder: '请输入网站的积分名称，默认为魔豆', input_type: 'text', options: '', sort: 1, col_num: 8 },
  { category: 'score', name: 'register', label: '注册', value: '10', placeholder: '注册时获得的积分', input_type: 'number', options: '', sort: 10, col_num: 8 },
  { category: 'score', name: 'sign_in', label: '签到', value: '1', placeholder: '每日签到获得的积分', input_type: 'number', options: '', sort: 20, col_num: 8 },
  { category: 'score', name: 'delete_document', label: '删除文档', value: '1', placeholder: '删除上传文档扣除的积分，0表示不扣除', input_type: 'number', options: '', sort: 25, col_num: 8 },
  { category: 'score', name: 'upload_document', label: '上传文档', value: '5', placeholder: '上传一篇文档可获得的积分', input_type: 'number', options: '', sort: 30, col_num: 8 },
  { category: 'score', name: 'upload_document_limit', label: '每日上传文档奖励次数', value: '1', placeholder: '每天最多可以获得多少次文档上传奖励，0表示无奖励。', input_type: 'number', options: '', sort: 40, col_num: 16 },
  { category: 'score', name: 'document_collected', label: '文档被收藏', value: '1', placeholder: '上传的文档被收藏后获得的积分', input_type: 'number', options: '', sort: 50, col_num: 8 },
  { category: 'score', name: 'document_collected_limit', label: '每日文档被收藏奖励次数', value: '1', placeholder: '每天最多可以获得多少次文档被收藏奖励，0表示无奖励。', input_type: 'number', options: '', sort: 60, col_num: 16 },
  { category: 'score', name: 'document_commented', label: '文档被评论', value: '1', placeholder: '上传的文档被评论后获得的积分', input_type: 'number', options: '', sort: 70, col_num: 8 },
  { category: 'score', name: 'document_commented_limit', label: '每日文档被评论奖励次数', value: '1', placeholder: '每天最多可以获得多少次文档被评论奖励，0表示无奖励。', input_type: 'number', options: '', sort: 80, col_num: 16 },

  // ───────────────────────────── email ─────────────────────────────
  { category: 'email', name: 'enable', label: '是否启用邮件服务', value: 'false', placeholder: '邮件服务，用于找回账户密码', input_type: 'switch', options: '', sort: 10, col_num: 24 },
  { category: 'email', name: 'host', label: 'SMTP 服务器地址', value: '', placeholder: '如：smtp.exmail.com', input_type: 'text', options: '', sort: 20, col_num: 24 },
  { category: 'email', name: 'port', label: 'SMTP 服务器端口', value: '465', placeholder: '如：465', input_type: 'number', options: '', sort: 30, col_num: 24 },
  { category: 'email', name: 'is_tls', label: '是否启用TLS', value: 'true', placeholder: '如果是TLS端口，请启用', input_type: 'switch', options: '', sort: 40, col_num: 24 },
  { category: 'email', name: 'from_name', label: '发件人名称', value: '', placeholder: '请输入您要展示的发件人名称', input_type: 'text', options: '', sort: 50, col_num: 24 },
  { category: 'email', name: 'username', label: 'SMTP 账号', value: '', placeholder: '请输入您的邮箱账户', input_type: 'text', options: '', sort: 60, col_num: 24 },
  { category: 'email', name: 'password', label: 'SMTP 密码', value: '', placeholder: '请输入您的邮箱密码', input_type: 'password', options: '', sort: 70, col_num: 24, is_secret: true },
  { category: 'email', name: 'duration', label: '邮件有效期', value: '30', placeholder: '找回密码时链接有效期，默认为30，表示30分钟', input_type: 'number', options: '', sort: 80, col_num: 24 },
  { category: 'email', name: 'secret', label: '签名密钥', value: '', placeholder: '找回密码链接签名密钥', input_type: 'text', options: '', sort: 80, col_num: 24, is_secret: true },
  { category: 'email', name: 'test_email', label: '测试邮箱', value: '', placeholder: '用于每次变更配置时保存发送测试邮件', input_type: 'text', options: '', sort: 90, col_num: 24 },

  // ───────────────────────────── display ─────────────────────────────
  { category: 'display', name: 'show_document_count', label: '是否显示文档数', value: 'true', placeholder: '是否显示网站文档数', input_type: 'switch', options: '', sort: 0, col_num: 8 },
  { category: 'display', name: 'show_document_download_count', label: '是否显示文档下载数', value: 'true', placeholder: '是否显示文档被下载次数', input_type: 'switch', options: '', sort: 1, col_num: 8 },
  { category: 'display', name: 'show_document_view_count', label: '是否显示文档浏览数', value: 'true', placeholder: '是否显示文档被浏览次数', input_type: 'switch', options: '', sort: 2, col_num: 8 },
  { category: 'display', name: 'show_document_favorite_count', label: '是否显示文档收藏数', value: 'true', placeholder: '是否显示文档被收藏次数', input_type: 'switch', options: '', sort: 3, col_num: 8 },
  { category: 'display', name: 'show_register_user_count', label: '是否显示注册用户数', value: 'true', placeholder: '网站首页，是否显示注册用户数', input_type: 'switch', options: '', sort: 10, col_num: 8 },
  { category: 'display', name: 'virtual_register_count', label: '网站虚拟注册用户数', value: '0', placeholder: '网站首页显示的用户数=真实注册用户数+虚拟注册用户数，用以避免网站初期用户注册数过少的尴尬窘境', input_type: 'number', options: '', sort: 20, col_num: 24 },
  { category: 'display', name: 'show_document_descriptions', label: '是否显示文档摘要', value: 'true', placeholder: '文档阅读页面，是否显示文档摘要等信息', input_type: 'switch', options: '', sort: 21, col_num: 8 },
  { category: 'display', name: 'show_index_categories', label: '是否显示横栏分类', value: 'true', placeholder: '网站首页中间横栏位置，是否显示分类', input_type: 'switch', options: '', sort: 30, col_num: 8 },
  { category: 'display', name: 'index_document_style', label: '首页文档展示方式', value: 'card', placeholder: '默认为卡片方式', input_type: 'select', options: 'card:卡片\nlist:列表', sort: 31, col_num: 8 },
  { category: 'display', name: 'home_version', label: '首页版本', value: 'v1', placeholder: '默认为V1版，即旧版本', input_type: 'select', options: 'v1:V1版\nv2:V2版', sort: 31, col_num: 8 },
  { category: 'display', name: 'pages_per_read', label: '文档【继续阅读】的页数', value: '5', placeholder: '用户阅读文档，每次点击继续阅读按钮时阅读的页数，默认为5，表示5页', input_type: 'number', options: '', sort: 40, col_num: 8 },
  { category: 'display', name: 'max_search_pages', label: '文档搜索结果最大页数', value: '100', placeholder: '搜索结果，默认最大展示100页，0表示不限制', input_type: 'number', options: '', sort: 50, col_num: 8 },
  { category: 'display', name: 'copyright_statement', label: '版权声明', value: '本站文档数据由用户上传，仅供学习交流，如侵犯您的权益，请联系我们进行删除。', placeholder: '网站最底部版权声明，支持HTML', input_type: 'textarea', options: '', sort: 60, col_num: 24 },
  { category: 'display', name: 'hide_keywords_on_lists', label: '隐藏关键字', value: 'false', placeholder: '文档列表页，是否隐藏右侧关键字', input_type: 'switch', options: '', sort: 70, col_num: 8 },
  { category: 'display', name: 'hide_category_without_document', label: '隐藏无文档分类', value: 'false', placeholder: '对于分类下没有文档的分类，是否在前台页面进行隐藏', input_type: 'switch', options: '', sort: 80, col_num: 16 },
  { category: 'display', name: 'wechat_tip', label: '微信/微信公众号提示文案', value: '我们的公众号同样精彩', placeholder: '全局右下角【固定栏】微信/微信公众号提示文案', input_type: 'text', options: '', sort: 100, col_num: 24 },
  { category: 'display', name: 'wechat_qrcode', label: '微信/微信公众号二维码', value: '', placeholder: '全局右下角【固定栏】微信/微信公众号二维码图片。不存在则不显示', input_type: 'image', options: '', sort: 110, col_num: 24 },
  { category: 'display', name: 'contact_tip', label: '联系我们提示文案', value: '联系我们，反馈您的意见与建议', placeholder: '全局右下角【固定栏】联系我们的提示文案', input_type: 'text', options: '', sort: 120, col_num: 24 },
  { category: 'display', name: 'contact_link', label: '联系我们跳转链接', value: '', placeholder: '全局右下角【固定栏】联系我们链接地址。不存在则不显示', input_type: 'text', options: '', sort: 130, col_num: 24 },

  // ───────────────────────────── release ─────────────────────────────
  { category: 'release', name: 'source', label: '版本检测来源', value: 'auto', placeholder: '', input_type: 'select', options: 'none:不检测\nauto:自动检测\ngitee:Gitee\ngithub:GitHub', sort: 10, col_num: 24 },
  { category: 'release', name: 'tag_name', label: '最新版版本号', value: '', placeholder: '', input_type: 'text', options: '', sort: 20, col_num: 24 },
  { category: 'release', name: 'name', label: '版本发布名称', value: '', placeholder: '', input_type: 'text', options: '', sort: 30, col_num: 24 },
  { category: 'release', name: 'body', label: '版本发布说明', value: '', placeholder: '', input_type: 'textarea', options: '', sort: 40, col_num: 24 },
  { category: 'release', name: 'ignore', label: '忽略版本提示', value: '', placeholder: '', input_type: 'text', options: '', sort: 50, col_num: 24 },

  // ───────────────────── pay (Wenku addition) ─────────────────────
  { category: 'pay', name: 'enable_wechat', label: '是否启用微信支付', value: 'false', placeholder: '启用后，用户可使用微信支付购买VIP会员或积分', input_type: 'switch', options: '', sort: 10, col_num: 24 },
  { category: 'pay', name: 'wechat_appid', label: '微信支付 AppID', value: '', placeholder: '请输入与微信支付商户号绑定的公众号或小程序 AppID', input_type: 'text', options: '', sort: 20, col_num: 12 },
  { category: 'pay', name: 'wechat_mchid', label: '微信支付商户号', value: '', placeholder: '请输入微信支付商户号（MchID）', input_type: 'text', options: '', sort: 21, col_num: 12 },
  { category: 'pay', name: 'wechat_api_key', label: '微信支付 API 密钥', value: '', placeholder: '请输入微信支付商户平台中设置的 APIv3 密钥', input_type: 'password', options: '', sort: 22, col_num: 24, is_secret: true },
  { category: 'pay', name: 'enable_alipay', label: '是否启用支付宝支付', value: 'false', placeholder: '启用后，用户可使用支付宝购买VIP会员或积分', input_type: 'switch', options: '', sort: 30, col_num: 24 },
  { category: 'pay', name: 'alipay_appid', label: '支付宝 AppID', value: '', placeholder: '请输入支付宝开放平台的应用 AppID', input_type: 'text', options: '', sort: 40, col_num: 24 },
  { category: 'pay', name: 'alipay_private_key', label: '支付宝应用私钥', value: '', placeholder: '请输入支付宝开放平台生成的应用私钥', input_type: 'password', options: '', sort: 41, col_num: 24, is_secret: true },
  { category: 'pay', name: 'alipay_public_key', label: '支付宝公钥', value: '', placeholder: '请输入支付宝开放平台提供的支付宝公钥，用于验证异步通知签名', input_type: 'textarea', options: '', sort: 42, col_num: 24 },
  { category: 'pay', name: 'exchange_rate', label: '人民币兑积分比例', value: '100', placeholder: '1元人民币可兑换的积分数量，默认为100，即1元兑换100积分', input_type: 'number', options: '', sort: 50, col_num: 12 },
  { category: 'pay', name: 'order_timeout', label: '未支付订单超时(分钟)', value: '30', placeholder: '订单创建后超过该时长仍未支付则自动关闭，默认为30分钟', input_type: 'number', options: '', sort: 60, col_num: 12 },

  // ───────────────────── oauth (Wenku addition) ─────────────────────
  { category: 'oauth', name: 'enable_qq', label: '是否启用QQ登录', value: 'false', placeholder: '启用后，用户可使用QQ账号登录或绑定本站账号', input_type: 'switch', options: '', sort: 10, col_num: 24 },
  { category: 'oauth', name: 'qq_client_id', label: 'QQ互联 APP ID', value: '', placeholder: '请输入QQ互联平台分配的 APP ID', input_type: 'text', options: '', sort: 20, col_num: 12 },
  { category: 'oauth', name: 'qq_client_secret', label: 'QQ互联 APP Key', value: '', placeholder: '请输入QQ互联平台分配的 APP Key', input_type: 'password', options: '', sort: 21, col_num: 12, is_secret: true },
  { category: 'oauth', name: 'enable_wechat', label: '是否启用微信登录', value: 'false', placeholder: '启用后，用户可使用微信扫码登录或绑定本站账号', input_type: 'switch', options: '', sort: 30, col_num: 24 },
  { category: 'oauth', name: 'wechat_app_id', label: '微信开放平台 AppID', value: '', placeholder: '请输入微信开放平台网站应用的 AppID', input_type: 'text', options: '', sort: 40, col_num: 12 },
  { category: 'oauth', name: 'wechat_app_secret', label: '微信开放平台 AppSecret', value: '', placeholder: '请输入微信开放平台网站应用的 AppSecret', input_type: 'password', options: '', sort: 41, col_num: 12, is_secret: true },
  { category: 'oauth', name: 'callback_base', label: '回调地址前缀', value: '', placeholder: '第三方登录回调地址前缀，如 https://wenku.example.com，回调地址为 前缀 + /oauth/callback；留空则使用【网站域名】', input_type: 'text', options: '', sort: 50, col_num: 24 },

  // ───────────────────── vip (Wenku addition; prices in 分) ─────────────────────
  { category: 'vip', name: 'enable', label: '是否启用VIP', value: 'false', placeholder: '启用后，前台显示VIP会员页面，用户可购买VIP会员', input_type: 'switch', options: '', sort: 10, col_num: 24 },
  { category: 'vip', name: 'badge', label: 'VIP徽章', value: '', placeholder: '请上传一张小图片作为VIP会员徽章，显示在VIP用户头像或昵称旁', input_type: 'image', options: '', sort: 20, col_num: 24 },
  { category: 'vip', name: 'allow_credit_pay', label: '是否允许积分购买VIP', value: 'false', placeholder: '启用后，用户可按【人民币兑积分比例】使用积分购买VIP会员', input_type: 'switch', options: '', sort: 30, col_num: 24 },
  { category: 'vip', name: 'year_price', label: '年卡价格(分)', value: '19900', placeholder: 'VIP年卡售价，单位为分，如19900表示199元', input_type: 'number', options: '', sort: 40, col_num: 12 },
  { category: 'vip', name: 'year_original_price', label: '年卡原价(分)', value: '29900', placeholder: 'VIP年卡划线原价，单位为分，0表示不显示原价', input_type: 'number', options: '', sort: 41, col_num: 12 },
  { category: 'vip', name: 'quarter_price', label: '季卡价格(分)', value: '5900', placeholder: 'VIP季卡售价，单位为分，如5900表示59元', input_type: 'number', options: '', sort: 50, col_num: 12 },
  { category: 'vip', name: 'quarter_original_price', label: '季卡原价(分)', value: '8900', placeholder: 'VIP季卡划线原价，单位为分，0表示不显示原价', input_type: 'number', options: '', sort: 51, col_num: 12 },
  { category: 'vip', name: 'month_price', label: '月卡价格(分)', value: '1990', placeholder: 'VIP月卡售价，单位为分，如1990表示19.9元', input_type: 'number', options: '', sort: 60, col_num: 12 },
  { category: 'vip', name: 'month_original_price', label: '月卡原价(分)', value: '2990', placeholder: 'VIP月卡划线原价，单位为分，0表示不显示原价', input_type: 'number', options: '', sort: 61, col_num: 12 },
  { category: 'vip', name: 'discount', label: '文档折扣(折)', value: '8', placeholder: 'VIP用户购买付费文档时享受的折扣，如8表示八折，0或10表示不打折', input_type: 'number', options: '', sort: 70, col_num: 12 },
  { category: 'vip', name: 'download_quota', label: '每月免费下载次数', value: '30', placeholder: 'VIP用户每月可免费下载付费文档的次数，0表示无免费下载', input_type: 'number', options: '', sort: 80, col_num: 12 },
  { category: 'vip', name: 'download_per_day', label: '每日下载次数上限', value: '10', placeholder: 'VIP用户每天最多可下载的文档次数，0表示不限制', input_type: 'number', options: '', sort: 90, col_num: 12 },
];
