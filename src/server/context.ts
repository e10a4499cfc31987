import type { PermissionRegistry } from './auth/access.ts';
import type { TokenService } from './auth/jwt.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/db.ts';
import type { EventBus } from './events/bus.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { ConfigStore } from './modules/config/config.store.ts';
import type { Repos } from './modules/repos.ts';
import type { Storage } from './storage/storage.ts';
import type { SiteFiles } from './site/site.files.ts';
import type { MissingPages } from './site/site.missing.ts';
import type { LongTailPages } from './site/site.long-tail.ts';

/** Services shared by every module; built once in main.ts (or by a test) and handed to buildApp. */
export interface AppContext {
  db: Database;
  /** The modules' repositories, one of each per app (modules/repos.ts): the only code that queries `db`. */
  repos: Repos;
  config: AppConfig;
  settings: ConfigStore;
  tokens: TokenService;
  permissions: PermissionRegistry;
  mailer: Mailer;
  storage: Storage;
  /** Change events of this instance: write paths publish, the search index and the site renderer subscribe. */
  events: EventBus;
  /** This process's Prometheus metrics (GET /metrics) and the hourly figures of the dashboard. */
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The built site's files this instance holds in memory (site.files.ts). */
    siteFiles: SiteFiles;
    /** Document pages asked for without a file: rendered once the site builder runs (site.missing.ts). */
    missingPages: MissingPages;
    /** Document pages rendered on a reader's first request, kept under a disk limit (site.long-tail.ts). */
    longTail: LongTailPages;
  }
}
