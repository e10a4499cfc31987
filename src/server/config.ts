import { resolve } from 'node:path';
import { z } from 'zod';

/** Process-level settings from the environment; site settings live in the `configs` table. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8880),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  STORAGE: z.string().optional(),
  /** how stored files reach readers: through this server, or as short-lived pre-signed URLs of the bucket */
  STORAGE_DELIVERY: z.enum(['server', 'presigned']).default('server'),
  // the AWS SDK's standard variables, read here and handed to the S3 client
  AWS_ENDPOINT_URL_S3: z.string().optional(),
  AWS_ENDPOINT_URL: z.string().optional(),
  AWS_REGION: z.string().optional(),
  AWS_DEFAULT_REGION: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).default('0'),
  WENKU_ADMIN_PASSWORD: z.string().min(6, '管理员密码至少6位').optional(),
  WENKU_SITE_DIR: z.string().optional(),
  /** where backups are written (default <DATA_DIR>/backups): never under the served site */
  WENKU_BACKUP_DIR: z.string().optional(),
  /** the folder the builder renders into (`current`, `builds/`); several instances may share one */
  WENKU_SITE_ROOT: z.string().optional(),
  WENKU_SITE_REBUILD: z.enum(['0', '1']).default('1'),
  /**
   * the newest documents whose pages a full render writes (240,000 pages: about 15.6 GB at 1,000,000
   * documents, docs/performance.md); older ones are rendered on a reader's first request (the long tail)
   */
  WENKU_PRERENDER_DOCUMENTS: z.coerce.number().int().min(0).default(240_000),
  /** 0: this server converts no documents (separate `npm run worker` processes do) */
  WENKU_CONVERTER: z.enum(['0', '1']).default('1'),
  /** on SIGTERM: how long running conversions may finish before they go back to the queue */
  WENKU_SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(25),
  WENKU_TRUST_PROXY: z.string().default(''),
  WENKU_REGISTER_PER_IP_HOUR: z.coerce.number().int().min(1).default(10),
  WENKU_CAPTCHA_PER_IP_MINUTE: z.coerce.number().int().min(1).default(30),
  WENKU_LOG: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
  WENKU_DB_SCHEMA: z.string().optional(),
  /**
   * PostgreSQL: the folder of this server's local copy of the search index (default
   * <DATA_DIR>/search-copy; on local disk, not a shared mount); `off`: searches read PostgreSQL's index
   */
  WENKU_SEARCH_COPY_DIR: z.string().default(''),
  /** rate limits count in this Redis (redis://…) instead of the database */
  REDIS_URL: z.string().optional(),
  /** 1: every reply is checked against its route's response schema (default under NODE_ENV=test) */
  WENKU_CHECK_REPLIES: z.enum(['0', '1']).optional(),
  NODE_ENV: z.string().optional(),
  /** origins (comma-separated, e.g. https://web.example.com) whose pages may call /api/v1 from the browser */
  WENKU_CORS_ORIGINS: z.string().default(''),
  /** GET /metrics: off when neither is set; a bearer token, and/or the addresses allowed without one */
  WENKU_METRICS_TOKEN: z.string().default(''),
  WENKU_METRICS_ALLOW: z.string().default(''),
});

/** The S3 client's settings (`STORAGE=s3://…`); keys left out fall back to the SDK's own chain (profiles, instance roles). */
export interface S3Settings {
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  sessionToken?: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `sqlite:<file>` or a postgres:// URL */
  databaseUrl: string;
  storage: string;
  s3: S3Settings;
  /** `presigned`: downloads and page views redirect to short-lived URLs of the bucket (S3 only). */
  storageDelivery: 'server' | 'presigned';
  adminPassword?: string;
  /** Folder holding the built site, served for non-API paths. */
  siteDir: string;
  /**
   * Where the site builder works: `current` (a link to the served build), `builds/`, the `stale`
   * marker. Instances behind one load balancer share one (WENKU_SITE_ROOT on a shared mount) and
   * take turns rendering under a database lease.
   */
  siteRoot: string;
  siteRebuild: boolean;
  /** Folder of the backup archives (`WENKU_BACKUP_DIR`, default `<DATA_DIR>/backups`); served only to admins. */
  backupDir: string;
  /** this server runs the in-process converter */
  converter: boolean;
  shutdownGraceMs: number;
  logLevel: string;
  /** Fastify trustProxy: false, true, a hop count or a list of proxy addresses/CIDRs. */
  trustProxy: boolean | string | ((addr: string, hop: number) => boolean);
  /** accounts one address may register per hour: enough for a family or an office, not for a bot farm (WENKU_REGISTER_PER_IP_HOUR; the browser tests raise it) */
  registerPerIpHour: number;
  /**
   * captchas one address may ask for a minute: each renders an image and writes a row (WENKU_CAPTCHA_PER_IP_MINUTE;
   * the browser tests raise it: the whole suite comes from one address)
   */
  captchaPerIpMinute: number;
  /** PostgreSQL only: the schema to use (`WENKU_DB_SCHEMA`; tests isolate themselves this way). */
  dbSchema?: string;
  /** PostgreSQL: the folder of the search index's local copy (src/server/search/local-copy.ts); undefined: none */
  searchCopyDir?: string;
  /** `REDIS_URL`: where the rate limits count when set (else the database) */
  redisUrl?: string;
  /**
   * Replies are checked against their response schemas and a mismatch fails with a 500 (http/serializer.ts):
   * on in tests, off in production where it would only cost time.
   */
  checkReplies: boolean;
  /** `WENKU_CORS_ORIGINS`: browser origins allowed to call /api/v1 (none by default) */
  corsOrigins: string[];
  /** GET /metrics: its bearer token and the client addresses allowed without it; both empty: no endpoint */
  metrics: { token: string; allow: string[] };
}

/** The config of a process that cannot run without one (server, worker): a wrong environment ends it with the message. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`环境变量配置错误:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const siteRoot = resolve(e.WENKU_SITE_ROOT || resolve(dataDir, 'site'));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || `sqlite:${resolve(dataDir, 'wenku.db')}`,
    storage: e.STORAGE || `local:${resolve(dataDir, 'files')}`,
    s3: {
      endpoint: e.AWS_ENDPOINT_URL_S3 || e.AWS_ENDPOINT_URL || undefined,
      region: e.AWS_REGION || e.AWS_DEFAULT_REGION || 'us-east-1',
      forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
      accessKeyId: e.AWS_ACCESS_KEY_ID || undefined,
      secretAccessKey: e.AWS_SECRET_ACCESS_KEY || undefined,
      sessionToken: e.AWS_SESSION_TOKEN || undefined,
    },
    storageDelivery: e.STORAGE_DELIVERY,
    adminPassword: e.WENKU_ADMIN_PASSWORD,
    siteDir: resolve(e.WENKU_SITE_DIR || resolve(siteRoot, 'current')),
    siteRoot,
    siteRebuild: e.WENKU_SITE_REBUILD === '1',
    backupDir: resolve(e.WENKU_BACKUP_DIR || resolve(dataDir, 'backups')),
    converter: e.WENKU_CONVERTER === '1',
    shutdownGraceMs: e.WENKU_SHUTDOWN_GRACE_SECONDS * 1000,
    logLevel: e.WENKU_LOG,
    trustProxy: parseTrustProxy(e.WENKU_TRUST_PROXY),
    registerPerIpHour: e.WENKU_REGISTER_PER_IP_HOUR,
    captchaPerIpMinute: e.WENKU_CAPTCHA_PER_IP_MINUTE,
    dbSchema: e.WENKU_DB_SCHEMA || undefined,
    searchCopyDir:
      e.WENKU_SEARCH_COPY_DIR === 'off' ? undefined : resolve(e.WENKU_SEARCH_COPY_DIR || resolve(dataDir, 'search-copy')),
    redisUrl: e.REDIS_URL || undefined,
    // tests build their env by hand, so the runner's NODE_ENV counts as well
    corsOrigins: list(e.WENKU_CORS_ORIGINS).map((o) => o.replace(/\/+$/, '')),
    metrics: { token: e.WENKU_METRICS_TOKEN, allow: list(e.WENKU_METRICS_ALLOW) },
    checkReplies: e.WENKU_CHECK_REPLIES ? e.WENKU_CHECK_REPLIES === '1' : (e.NODE_ENV ?? process.env.NODE_ENV) === 'test',
  };
}

/*
 * The only reads of the process environment. Process settings come from `loadConfig`; what is read at
 * each use comes through the functions below: the converter's limits (tests change them between runs),
 * the PATH and locale that tools are found and run with, and the API a site build reads its data from.
 */

/** The whole environment, for the converter's settings (`WENKU_CONVERT_*`) and child processes that inherit it. */
export const processEnv = (): NodeJS.ProcessEnv => process.env;

/** The PATH that tools are looked up on. */
export const systemPath = (): string => process.env.PATH ?? '';

/** The locale converter children run with. */
export const systemLocale = (): string => process.env.LANG || 'C.UTF-8';

/** The API a site build fetches its data from (`WENKU_API`, set by the site builder); empty: built-in defaults. */
export const siteBuildApi = (): string => (process.env.WENKU_API ?? '').trim();

/** The site build's pass (`WENKU_BUILD_TOKEN`, set by the site builder; src/server/site/build-token.ts); empty: none. */
export const siteBuildToken = (): string => (process.env.WENKU_BUILD_TOKEN ?? '').trim();

/** How many of the newest documents a site render pre-renders (`WENKU_PRERENDER_DOCUMENTS`, checked at the server's start). */
export const prerenderedDocumentCap = (): number =>
  envSchema.shape.WENKU_PRERENDER_DOCUMENTS.parse(process.env.WENKU_PRERENDER_DOCUMENTS || undefined);

const list = (v: string): string[] =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function parseTrustProxy(v: string): AppConfig['trustProxy'] {
  if (!v || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  // a hop count: trust that many proxies in front of us
  if (/^\d+$/.test(v)) return (_addr, hop) => hop < Number(v);
  return v;
}
