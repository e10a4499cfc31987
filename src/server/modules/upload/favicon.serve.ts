import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Code, errorBody } from '../../http/errors.ts';
import { UPLOAD_TYPES } from './uploads.serve.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

/** The upload types a browser takes for a site icon. */
const ICON_EXTS = new Set(['.ico', '.png', '.jpg', '.jpeg', '.gif', '.webp']);
/** An uploaded image: `/uploads/h/a/s/h/x/<md5>.<ext>` (what the image settings hold). */
const UPLOAD = /^\/uploads\/((?:[0-9a-f]\/){5}[0-9a-f]{32}(\.[a-z0-9]{1,8}))$/;

/**
 * GET /favicon.ico, as moredoc serves it: the image of the `system.favicon` setting, else the site's
 * own icon (Wenku ships an SVG one).
 */
export default async function faviconServe(app: FastifyInstance) {
  app.get('/favicon.ico', { schema: { hide: true } }, async (_req, reply) => {
    const configured = UPLOAD.exec((await app.ctx.settings.get(SETTINGS.system.favicon)).trim());
    const type = configured && ICON_EXTS.has(configured[2]) ? UPLOAD_TYPES[configured[2]] : undefined;
    const stream = configured && type ? await app.ctx.storage.read(`uploads/${configured[1]}`) : null;
    // the address never changes while the setting may: browsers check again after an hour
    reply.header('cache-control', 'public, max-age=3600').header('x-content-type-options', 'nosniff');
    if (stream) return reply.type(type!).send(stream);
    const own = join(app.ctx.config.siteDir, 'favicon.svg');
    if ((await stat(own).catch(() => null))?.isFile()) return reply.type('image/svg+xml').send(createReadStream(own));
    return reply.code(404).send(errorBody(Code.NotFound, '文件不存在'));
  });
}
