import { stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { Code, errorBody } from '../http/errors.ts';
import { articleFallbackFor } from './fallback-article.ts';
import { pageCsp } from './page-csp.ts';
import { userFallbackFor } from './fallback-user.ts';
import { fallbackFor } from './fallback.ts';

/** Pre-rendered shells that answer pages newer than the last build (status 200, data loaded live). */
const shellFor = (url: string): string | null => fallbackFor(url) ?? articleFallbackFor(url) ?? userFallbackFor(url);

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

const BUILDING_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>站点正在构建</title></head><body style="font-family:sans-serif;text-align:center;padding-top:20vh"><h1>站点正在构建，请稍候…</h1><p>页面会自动刷新。</p></body></html>`;

function cacheHeaders(reply: FastifyReply, rel: string) {
  // hashed build assets never change; pages must be revalidated so rebuilds show at once
  if (rel.startsWith('_astro/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else if (rel.endsWith('.html')) reply.header('cache-control', 'no-cache');
  else reply.header('cache-control', 'public, max-age=3600');
}

async function sitePlugin(app: FastifyInstance) {
  const root = app.ctx.config.siteDir;
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false, dotfiles: 'deny' });

  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply.code(404).send(errorBody(Code.NotFound, `接口不存在：${req.method} ${req.url.split('?')[0]}`));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.code(405).send(errorBody(Code.InvalidArgument, '不支持的请求方法'));
    }
    const rel = await resolveSiteFile(root, req.url);
    if (rel) {
      cacheHeaders(reply, rel);
      await pageCsp(reply, join(root, rel));
      return reply.sendFile(rel, root);
    }
    const shell = shellFor(req.url);
    if (shell && (await isFile(join(root, shell)))) {
      reply.header('cache-control', 'no-cache');
      await pageCsp(reply, join(root, shell));
      return reply.sendFile(shell, root);
    }
    if (await isFile(join(root, '404.html'))) {
      reply.code(404).header('cache-control', 'no-cache');
      await pageCsp(reply, join(root, '404.html'));
      return reply.sendFile('404.html', root);
    }
    return reply.code(503).type('text/html; charset=utf-8').send(BUILDING_PAGE);
  });
}

export default fp(sitePlugin, { name: 'wenku-site' });
