import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { bootstrap } from './bootstrap.ts';
import { DatabaseNewerThanCode } from './db/migration-level.ts';
import { createLog } from './log.ts';
import { flushHourly, pruneHourly } from './metrics/hourly.ts';
import { every } from './periodic.ts';
import { loadConfigOrExit, processEnv } from './config.ts';
import { startConverter } from './convert/worker.ts';
import { startDraining } from './modules/health/health.routes.ts';
import { startAttachmentSweep } from './modules/attachment/attachment.sweep.ts';
import { startOrderSweep } from './modules/order/order.sweep.ts';
import { startBackupSchedule } from './modules/backup/backup.sweep.ts';
import { startViewSweep } from './modules/document/view.sweep.ts';
import { startSearchSync } from './search/sync.ts';
import { followWorkerConversions } from './convert/converted-feed.ts';
import { startStoredPageCheck } from './convert/page-check.ts';
import { Lease, leaseOwner } from './db/leases.ts';
import { SiteBuilder } from './site/site.builder.ts';
import { siteBuildToken } from './site/build-token.ts';
import { renderDocumentPages } from './site/site.missing.ts';
import { serverLongTail, siteChangeHooks } from './site/site.hooks.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  const config = loadConfigOrExit();
  const json = createLog(config.logLevel);
  const log = (msg: string, fields?: Record<string, unknown>) => json.info(fields ?? {}, msg);
  const { app, ctx, seeded } = await bootstrap(config, { log: json });

  if (seeded.admin) {
    if (seeded.admin.generated) {
      // a password is never written to the log: the generated one goes to a file only this user reads
      const file = join(config.dataDir, 'initial-admin-password');
      writeFileSync(file, `${seeded.admin.password}\n`, { mode: 0o600 });
      log(
        `管理员账号已创建：用户名 admin，随机密码在 ${file}（只有运行 Wenku 的用户可读；登录后请修改密码并删除该文件，或用 npm run wenku -- user passwd admin 重置）`,
      );
    } else {
      log('管理员账号已创建：用户名 admin，密码来自环境变量 WENKU_ADMIN_PASSWORD');
    }
  }

  await app.listen({ port: config.port, host: config.host });
  // PORT=0 takes a free port: the one given is what the site builder and the log name
  const port = (app.server.address() as AddressInfo).port;
  log(`Wenku 已启动：http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`, { port });
  // instances sharing the site folder (WENKU_SITE_ROOT) render one at a time, each change once
  const builder = new SiteBuilder({
    currentLink: join(config.siteRoot, 'current'),
    apiBase: `http://127.0.0.1:${port}`,
    buildToken: await siteBuildToken(ctx.db),
    projectRoot,
    log,
    warn: (msg) => json.warn(msg),
    onRendered: (pages) => ctx.metrics.pagesRendered.inc(pages),
    ...siteChangeHooks(app, log),
    lease: new Lease(ctx.db, 'site-render', 60_000),
  });
  ctx.metrics.gauge('wenku_site_render_queue', 'Item changes waiting to be rendered into the static site', [], (g) => {
    g.set(builder.queued());
  });
  // one item changed: the pages that show it are rendered again; something every page shows: the whole site
  if (config.siteRebuild) {
    ctx.events.subscribe((e) => (e.kind === 'shared' ? builder.request(e.what) : builder.update(e)));
    // a document page asked for that the site has not pre-rendered: its page is rendered for the next reader
    app.missingPages.renderWith(renderDocumentPages((e) => builder.update(e)));
    // those pages stay under the operator's disk limit, the least recently read deleted first
    app.longTail.track(serverLongTail(ctx, (paths) => app.siteFiles.forget(paths)));
  }
  // the long tail's reads, counted in memory, once a minute
  const stopLongTailReads = every(
    60_000,
    () => app.longTail.flushReads(),
    (err) => log(`记录文档页的读取失败：${err.message}`),
  );
  // the hour's figures of the dashboard (requests, errors, conversions), every minute and at the end
  const stopHourly = every(
    60_000,
    async () => {
      await flushHourly(ctx.db, ctx.metrics);
      await pruneHourly(ctx.db, 7);
    },
    (err) => log(`记录运行数据失败：${err.message}`),
  );
  log(
    `数据库：${config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl.slice(7) : 'PostgreSQL'}；站点目录：${config.siteDir}`,
  );

  // WENKU_CONVERTER=0: documents are converted by separate `npm run worker` processes (scale-out)
  const converter = !config.converter
    ? null
    : startConverter(
        ctx,
        processEnv(),
        (r) => void ctx.events.publish({ kind: 'document', ids: [r.id], change: 'saved', reqId: r.reqId }),
        { log: json, metrics: ctx.metrics },
      );
  log(converter ? '文档转换已在本进程启动' : '本进程不转换文档（WENKU_CONVERTER=0），请运行 npm run worker');
  // what the workers converted reaches one instance's change events: its pages rendered, indexed
  const stopFeed = converter ? () => undefined : followWorkerConversions(ctx.db, ctx.events, leaseOwner(), { log });
  // the index follows this process's change events; the sweep catches what other processes changed
  const stopSearchSync = startSearchSync(ctx, 60_000, (msg) => log(msg));
  // uploads never published are removed after security.unused_attachment_hours
  const stopAttachmentSweep = startAttachmentSweep(ctx, 3_600_000, (msg) => log(msg));
  // unpaid orders close after pay.order_timeout minutes
  const stopOrderSweep = startOrderSweep(ctx, 60_000, (msg) => log(msg));
  // 系统设置 → 备份: the day's backup at its time in the site's time zone, by one instance
  const stopBackupSchedule = startBackupSchedule(ctx, 60_000, (msg) => log(msg));
  // the readers of documents whose views counted in the last interval are all that is kept
  const stopViewSweep = startViewSweep(ctx, 600_000, log);
  // pages stored by versions that did not check them: repaired once, in the background
  const stopPageCheck = startStoredPageCheck(ctx, log);

  // a build another instance starts meanwhile (shared site folder) makes these unnecessary
  if (config.siteRebuild && (await builder.buildIfStale())) {
    log('数据在服务停止时有变动，正在重新生成整个站点（旧站点照常提供）…');
  } else if (config.siteRebuild && !builder.hasSite()) {
    log('首次启动，正在构建站点（文档多时需要几分钟）…');
    void builder.build(0);
  } else if (config.siteRebuild) {
    void builder.warm();
  }
  // `wenku config set` of a value every page shows, while this server runs
  const stopStaleWatch = config.siteRebuild ? builder.watchStale() : () => undefined;

  // SIGTERM: /readyz turns 503, the listener closes and in-flight requests finish; running conversions
  // get the grace period, the rest go back to the queue for another converter
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log('正在停止：不再接受新请求，等待进行中的请求与转换完成…');
    startDraining(app);
    stopSearchSync();
    stopAttachmentSweep();
    stopOrderSweep();
    stopBackupSchedule();
    stopPageCheck();
    stopViewSweep();
    stopFeed();
    stopStaleWatch();
    stopLongTailReads();
    builder.stop();
    stopHourly();
    await flushHourly(ctx.db, ctx.metrics).catch(() => undefined);
    await app.longTail.flushReads().catch(() => undefined);
    await Promise.all([converter?.stop(config.shutdownGraceMs), app.close()]);
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

try {
  await main();
} catch (err) {
  if (!(err instanceof DatabaseNewerThanCode)) throw err;
  // said plainly, without a stack: nothing is wrong with the program, only its version
  console.error(`[wenku] 无法启动：${err.message}`);
  process.exit(1);
}
