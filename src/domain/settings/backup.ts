import { flag, num, text, group } from './define.ts';

export const BACKUP = group('backup', {
  enable: flag({
    default: true,
    label: '每天自动备份',
    placeholder: '每天在下面的时间（站点时区）备份数据库与全部文件，备份保存在数据目录之外不对外提供的 backups 文件夹',
    sort: 10,
  }),
  time: text({
    default: '03:30',
    label: '备份时间',
    placeholder: '时:分，站点时区（基础配置中的时区），如 03:30',
    sort: 20,
    col: 12,
  }),
  keep: num({ default: 7, label: '保留份数', placeholder: '保留最近几份备份，更早的自动删除', sort: 30, col: 12 }),
});
