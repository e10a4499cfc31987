// `npm run worker`: a converter process without HTTP (scale-out: run any number, on any machine, against
// the same DATABASE_URL and STORAGE as the servers, which then run with WENKU_CONVERTER=0).
import { loadConfigOrExit } from './config.ts';
import { startConverter } from './convert/worker.ts';
import { migrate, openDatabase } from './db/db.ts';
import { DatabaseNewerThanCode } from './db/migration-level.ts';
import { ConfigStore } from './modules/config/config.store.ts';
import { ensurePrivateDir } from './storage/private.ts';
import { createStorage } from './storage/storage.ts';

const config = loadConfigOrExit();
const schema = config.dbSchema;
ensurePrivateDir(config.dataDir);
const db = openDatabase(config.databaseUrl, { schema });
try {
  await migrate(db, schema);
} catch (err) {
  if (!(err instanceof DatabaseNewerThanCode)) throw err;
  console.error(`[wenku] 文档转换进程无法启动：${err.message}`);
  process.exit(1);
}
const worker = startConverter({ db, settings: new ConfigStore(db), storage: createStorage(config) });
console.log(
  `[wenku] 文档转换进程已启动（${worker.id}），数据库：${config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl.slice(7) : 'PostgreSQL'}`,
);

const stop = async () => {
  await worker.stop(config.shutdownGraceMs);
  await db.destroy();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
