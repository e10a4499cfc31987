import type { FastifyInstance } from 'fastify';
import { PermissionRegistry } from './auth/access.ts';
import { TokenService } from './auth/jwt.ts';
import { ensureSecret } from './auth/secrets.ts';
import { buildApp, type BuildOptions } from './app.ts';
import type { AppConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { migrate, openDatabase, type Database, type OpenOptions } from './db/db.ts';
import { oneStartupAtATime } from './db/startup-lock.ts';
import { seed, type SeedResult } from './db/seed.ts';
import { installationDefaults } from './db/seed/configs.ts';
import { EventBus } from './events/bus.ts';
import { Mailer } from './mail/mailer.ts';
import { collectState } from './metrics/collect.ts';
import { Metrics } from './metrics/metrics.ts';
import { metricsEnabled } from './metrics/metrics.routes.ts';
import { ConfigStore } from './modules/config/config.store.ts';
import { createRepos } from './modules/repos.ts';
import { indexOnChange } from './search/follow.ts';
import { ensureDataDirs } from './storage/private.ts';
import { createStorage } from './storage/create.ts';

export interface Booted {
  app: FastifyInstance;
  ctx: AppContext;
  seeded: SeedResult;
}

/** Opens the database, migrates, builds the app and seeds: everything but listening. */
export async function bootstrap(config: AppConfig, opts: BuildOptions & OpenOptions = {}): Promise<Booted> {
  ensureDataDirs(config.dataDir, config.siteRoot);
  // `npm start` on PostgreSQL uses the schema of WENKU_DB_SCHEMA, as `npm run worker` does
  const schema = opts.schema ?? config.dbSchema;
  const db = openDatabase(config.databaseUrl, { schema });
  // instances starting together on a fresh database: one migrates and seeds, the others then find it done
  try {
    return await oneStartupAtATime(db, () => start(db, config, opts, schema));
  } catch (err) {
    // a refused start (a database newer than the code, a failed migration) leaves no pool open
    await db.destroy().catch(() => undefined);
    throw err;
  }
}

async function start(db: Database, config: AppConfig, opts: BuildOptions, schema: string | undefined): Promise<Booted> {
  await migrate(db, schema);
  // SQLite has one connection per handle: settings read inside a transaction would wait for that
  // transaction forever, so they get a connection of their own (WAL lets it read alongside a writer)
  const settingsDb = config.databaseUrl.startsWith('sqlite:') ? openDatabase(config.databaseUrl) : db;
  const settings = new ConfigStore(settingsDb);
  const ctx: AppContext = {
    db,
    repos: createRepos(db),
    // the schema in use, also when a caller gave it (tests): what a backup thread connects to
    config: { ...config, dbSchema: schema },
    settings,
    tokens: new TokenService(await ensureSecret(db, 'jwt')),
    permissions: new PermissionRegistry(),
    mailer: new Mailer(settings),
    storage: createStorage(config),
    events: new EventBus(),
    metrics: new Metrics(metricsEnabled(config)),
  };
  if (metricsEnabled(config)) collectState(ctx.metrics, db, config);
  // the search index follows every document and article write of this instance
  indexOnChange(ctx.events, db);
  const app = await buildApp(ctx, { log: opts.log });
  app.addHook('onClose', async () => {
    if (settingsDb !== db) await settingsDb.destroy();
    await db.destroy();
  });
  await app.ready();
  const seeded = await seed(db, ctx.permissions.list(), config.adminPassword, installationDefaults(config.port));
  return { app, ctx, seeded };
}
