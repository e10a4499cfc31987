import { text, group } from './define.ts';

export const RELEASE = group('release', {
  source: text({
    default: 'auto',
    label: '版本检测来源',
    input: 'select',
    options: 'none:不检测\nauto:自动检测\ngitee:Gitee\ngithub:GitHub',
    sort: 10,
  }),
  tag_name: text({ label: '最新版版本号', sort: 20 }),
  name: text({ label: '版本发布名称', sort: 30 }),
  body: text({ label: '版本发布说明', input: 'textarea', sort: 40 }),
  ignore: text({ label: '忽略版本提示', sort: 50 }),
});
