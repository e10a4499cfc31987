/**
 * The site builder's pass: the renderer a Wenku process starts sends it (SITE_BUILD_HEADER) with its
 * /api/v1 calls, so calls a visitor may make only a few times a minute (GET /document/sitemap, a full
 * scan of 50,000 rows each) stay open to the build. A secret of the database: every instance and the
 * CLI share it, and it never leaves the machine but in the environment of the renderer process.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ensureSecret } from '../auth/secrets.ts';
import type { Database } from '../db/db.ts';
import { SITE_BUILD_HEADER } from '../../domain/rules.ts';

const SITE_BUILD_SECRET = 'site-build';

/** The pass a renderer is given (WENKU_BUILD_TOKEN) and sends back. */
export const siteBuildToken = (db: Database): Promise<string> => ensureSecret(db, SITE_BUILD_SECRET);

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A rate limit's allowList: true for a request carrying the site builder's pass. */
export function fromSiteBuilder(db: Database): (req: FastifyRequest) => Promise<boolean> {
  let token: Promise<string> | undefined;
  return async (req) => {
    const sent = req.headers[SITE_BUILD_HEADER];
    if (typeof sent !== 'string' || !sent) return false;
    token ??= siteBuildToken(db);
    return sameText(sent, await token);
  };
}
