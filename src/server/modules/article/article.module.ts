import type { FastifyInstance } from 'fastify';
import articleAdminRoutes from './article.admin.routes.ts';
import articleRoutes from './article.routes.ts';
import articleUploadRoutes from './article-upload.routes.ts';

/** The article module: ArticleAPI (contract §2.5) and the editor's media upload (§2.20), under /api/v1. */
export default async function articlePlugin(app: FastifyInstance) {
  await articleRoutes(app);
  await articleAdminRoutes(app);
  await articleUploadRoutes(app);
}
