import { flag, num, text, group } from './define.ts';

export const DOWNLOAD = group('download', {
  enable_guest_download: flag({
    label: '是否允许游客下载',
    placeholder: '启用之后，未登录用户可以下载免费文档',
    sort: 10,
    col: 12,
    public: true,
  }),
  free_download_duration: num({
    default: 7,
    label: '购买文档后多少天内允许免费重复下载',
    placeholder: '0表示再次下载仍需购买，大于0表示指定多少天内有效',
    sort: 20,
    col: 12,
    public: true,
  }),
  url_duration: num({
    default: 60,
    label: '下载链接有效时长(秒)',
    placeholder: '生成文档下载链接后多少秒之后链接失效',
    sort: 30,
    col: 12,
  }),
  times_every_day: num({
    default: 10,
    label: '允许登录用户每天下载次数',
    placeholder: '允许登录用户每天下载次数，0表示不允许下载',
    sort: 40,
    col: 12,
    public: true,
  }),
  times_every_ip: num({
    default: 10,
    label: '允许每个IP每天下载次数',
    placeholder: '允许每个IP每天下载的次数，0表示不允许下载（针对所有用户）',
    sort: 41,
    col: 12,
    public: true,
  }),
  secret_key: text({ label: '链接签名密钥', placeholder: '链接签名密钥，用于加密下载链接', sort: 50, col: 12, secret: true }),
});
