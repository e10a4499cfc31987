// The help text of `npm run wenku`: every command's line, kept apart from the commands so that
// printing it (or running one command) loads none of the others (docs/deployment.md).

const IMPORT_USAGE =
  '  import moredoc --mysql mysql://用户:密码@主机:3306/库 --files <moredoc 目录> [--prefix mnt_] [--timezone Asia/Shanghai] [--batch-size 500] [--dry-run] [--merge]\n' +
  '                                    从 moredoc 迁移整站（--dry-run 只检查不写入；可重复运行，中断后从断点继续）';

const STORAGE_USAGE = `  storage migrate --to s3://<bucket>/<前缀>
                                    把当前 STORAGE（本地目录）里的全部文件复制到对象存储；
                                    已存在的文件跳过，中断后再次运行即从中断处继续；完成后把 STORAGE 改为目标并重启`;

const BACKUP_USAGE = `  backup [--to <目录>]              在线备份：数据库快照、全部文件和清单写成一个 .tar（默认目录 DATA_DIR/backups）
  backup verify <文件>              核对备份：每个文件的校验和、数据库完好、各表行数与校验和
  restore <文件> [--force]          把备份恢复到当前 DATA_DIR / DATABASE_URL（须为空，--force 覆盖已有数据；先停止服务器）`;

const DB_USAGE = `  db copy --to <数据库> [--force]   把整个站点的数据库复制到另一个数据库（postgres://… 或 sqlite:<文件>），
                                    id 保持不变、核对各表行数与校验和、重建搜索索引；一个事务，失败则目标不变`;

const PAGES_USAGE = `  pages repair [--from-id <文档ID>]  检查全部已转换文档的页面：修复旧版本存储的无效 SVG（如未转义的 <），
                                    无法修复或缺失的页面所属文档重新排队转换（可在服务运行时执行）`;

export const USAGE = `用法：npm run wenku -- <命令>

  config get <分类>.<名称>          查看一项配置，例如 config get security.enable_captcha_login
  config set <分类>.<名称> <值>     修改一项配置，例如 config set security.enable_captcha_login false
  user passwd <用户名>              重置用户密码（交互输入；非交互时从标准输入读取一行，留空则随机生成）
  status                            查看站点状态
${IMPORT_USAGE}
${STORAGE_USAGE}
${BACKUP_USAGE}
${DB_USAGE}
${PAGES_USAGE}

服务器运行与否都可以使用；运行中的服务器会在几秒内读到修改后的配置。`;
