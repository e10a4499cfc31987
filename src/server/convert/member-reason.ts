/**
 * A failed conversion as its uploader reads it. `convert_error` keeps the technical reason for
 * the back office (tool names, exit codes, limits); members get plain words: what is wrong and
 * what to do — fix the file and replace it (替换文件 keeps the document, its counters, comments
 * and favourites), or nothing when the site itself cannot convert the kind of file yet.
 */

/** What the member can do about it. */
const REPLACE = '请修改后在「我的上传」中点击「替换文件」重新上传，文档的浏览、下载、评论和收藏都会保留。';
const WAIT = '这是网站的问题，不是您的文件有误：管理员已能看到原因，修复后会重新转换，您无需操作。';

/** Reasons that are the site's fault (a tool missing, the stored file gone, an unexpected error), by their start. */
const SITE_FAULTS = ['服务器', '未安装', '文档原文件不存在', '文档转换失败：', '暂不支持转换'];

/** File problems, by a telling part of the technical reason, in plain words. */
const FILE_FAULTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/损坏或已加密/, '文件可能已损坏或设置了打开密码，网站无法读取。请用原来的软件打开检查，去掉密码后另存一份。'],
  [/加密|密码|DRM/, '文件设置了密码或版权保护，网站无法打开它。请去掉密码或保护后另存一份。'],
  [/编码/, '无法识别这个文本文件的编码。请用记事本等软件另存为 UTF-8 编码。'],
  [/文件为空/, '上传的文件是空的。'],
  [
    /扩展名|不支持的文档格式/,
    '文件的实际格式与扩展名不符（例如把图片改名成了 .pdf）。请用原来的软件另存为 PDF、Word 等常见格式。',
  ],
  [
    /超时|资源限制|压缩炸弹|解压后|多次中断|过大|超过/,
    '文件过大或过于复杂，超出了网站的转换限制。请拆分成几个较小的文件，或压缩其中的图片。',
  ],
  [/损坏|无法读取|渲染失败|无法转换/, '文件可能已损坏，网站无法读取其中的内容。请用原来的软件打开检查，另存一份。'],
];

/** Whether a stored reason is the site's fault rather than the file's. */
export const isSiteFault = (reason: string): boolean => SITE_FAULTS.some((start) => reason.startsWith(start));

/** The plain-words reason and what to do, for the uploader (and any non-holder). */
export function memberReason(reason: string): string {
  if (!reason) return '';
  if (isSiteFault(reason)) return `网站暂时无法转换这类文档。${WAIT}`;
  const plain =
    FILE_FAULTS.find(([test]) => test.test(reason))?.[1] ?? '文件无法转换为在线预览。请确认文件能用常用软件正常打开，另存一份。';
  return `${plain}${REPLACE}`;
}
