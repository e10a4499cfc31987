import { mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { Code, errorBody } from '../http/errors.ts';
import { buildingPageHtml } from './building-page.ts';
import { diskPageCsp } from './page-csp.ts';
import { cacheControl, type SiteFastPath } from './site.fast.ts';
import { droppedSecurityHeaders, type SiteFile } from './site.files.ts';
import { shellAnswer } from './shell-item.ts';
import { sendSiteFile } from './site.send.ts';
import { SETTINGS } from '../../domain/settings/index.ts';

async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

/** Resolves a URL path to a file of the built site: exact file, `<path>.html`, `<path>/index.html`. */
export async function resolveSiteFile(root: string, urlPath: string): Promise<string | null> {
  let p: string;
  try {
    p = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const clean = normalize(p).replace(/\/+$/, '');
  const candidates = [clean, `${clean}.html`, join(clean, 'index.html')].filter(Boolean);
  for (const c of candidates) {
    const abs = join(root, c);
    if (!abs.startsWith(root + sep) && abs !== root) continue;
    if (await isFile(abs)) return abs.slice(root.length + 1);
  }
  return null;
}

async function sitePlugin(app: FastifyInstance, { fast }: { fast: SiteFastPath }) {
  const root = app.ctx.config.siteDir;
  // `x.br` / `x.gz` written beside each file at build (precompress.ts) are sent by Accept-Encoding,
  // with Vary: Accept-Encoding; ETag and Last-Modified of the file sent answer conditional GETs with 304
  // registered on the folder holding the site: the site itself (a link the builder swaps) does not
  // exist before the first build, and @fastify/static would greet a new user with a warning about it;
  // every file is sent with the site folder given explicitly (sendFile below)
  const holder = dirname(root);
  mkdirSync(holder, { recursive: true });
  await app.register(fastifyStatic, { root: holder, serve: false, cacheControl: false, dotfiles: 'deny', preCompressed: true });
  const files = fast.files;

  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply.code(404).send(errorBody(Code.NotFound, `接口不存在：${req.method} ${req.url.split('?')[0]}`));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.code(405).send(errorBody(Code.InvalidArgument, '不支持的请求方法'));
    }
    // a file of the build (in memory, or from disk when large), else the shell of an item newer
    // than the build, else the error page; pages with the hashes of their inline scripts in the CSP
    const sendPage = (res: FastifyReply, file: SiteFile, cache: string) => sendSiteFile(req, res, file, cache);
    const kept = files.lookup(req.url);
    if (kept) {
      fast.onRead(kept.rel);
      // routed here by Fastify: no route of the app answers this path, so the fast path may from now on
      fast.learn(req.url, reply.raw);
      return sendPage(reply, kept, cacheControl(kept.rel));
    }
    const rel = await resolveSiteFile(root, req.url);
    if (rel) {
      fast.onRead(rel);
      reply.header('cache-control', cacheControl(rel));
      for (const name of droppedSecurityHeaders(rel)) reply.raw.removeHeader(name);
      await diskPageCsp(reply, join(root, rel));
      return reply.sendFile(rel, root);
    }
    // pre-rendered shells answer items newer than the build (status 200, data loaded live)
    const answer = await shellAnswer(app.ctx, req.url);
    if (answer && 'moved' in answer) return reply.header('cache-control', 'no-cache').redirect(answer.moved, 301);
    const page = answer ? files.lookup(`/${answer.shell}`) : null;
    if (page) {
      // a document the site has no page of: rendered now, for the next reader
      if (answer?.document) app.missingPages.report(answer.document);
      return sendPage(reply, page, 'no-cache');
    }
    const missing = files.lookup('/404.html');
    if (missing) return sendPage(reply.code(404), missing, 'no-cache');
    const siteName = await app.ctx.settings.get(SETTINGS.system.sitename);
    return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(buildingPageHtml(siteName));
  });
}

export default fp(sitePlugin, { name: 'wenku-site' });
