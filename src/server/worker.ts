// `npm run worker`: a converter process without HTTP (scale-out: run any number, on any machine, against
// the same DATABASE_URL and STORAGE as the servers, which then run with WENKU_CONVERTER=0).
import { loadConfigOrExit } from './config.ts';
import { startConverter } from './convert/worker.ts';
import { migrate, openDatabase } from './db/db.ts';
import { DatabaseNewerThanCode } from './db/migration-level.ts';
import { createLog } from './log.ts';
import { flushHourly } from './metrics/hourly.ts';
import { Metrics } from './metrics/metrics.ts';
import { ConfigStore } from './modules/config/config.store.ts';
import { every } from './periodic.ts';
import { ensureDataDirs } from './storage/private.ts';
import { createStorage } from './storage/create.ts';

const config = loadConfigOrExit();
const schema = config.dbSchema;
ensureDataDirs(config.dataDir, config.siteRoot);
const db = openDatabase(config.databaseUrl, { schema });
try {
  await migrate(db, schema);
} catch (err) {
  if (!(err instanceof DatabaseNewerThanCode)) throw err;
  console.error(`[wenku] 文档转换进程无法启动：${err.message}`);
  process.exit(1);
}
const log = createLog(config.logLevel);
// this process serves no /metrics: its conversions reach the dashboard's hourly figures through the database
const metrics = new Metrics();
const worker = startConverter({ db, settings: new ConfigStore(db), storage: createStorage(config) }, undefined, undefined, {
  log,
  metrics,
});
log.info(
  `文档转换进程已启动（${worker.id}），数据库：${config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl.slice(7) : 'PostgreSQL'}`,
);
const stopHourly = every(
  60_000,
  () => flushHourly(db, metrics),
  (err) => log.warn(`记录运行数据失败：${err.message}`),
);

const stop = async () => {
  stopHourly();
  await worker.stop(config.shutdownGraceMs);
  await flushHourly(db, metrics).catch(() => undefined);
  await db.destroy();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
