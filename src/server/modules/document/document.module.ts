import type { FastifyInstance } from 'fastify';
import documentAdminRoutes from './document.admin.routes.ts';
import documentRoutes from './document.routes.ts';
import documentUploadRoutes from './document.upload.routes.ts';
import documentWriteRoutes from './document.write.routes.ts';
import downloadRoutes from './download.routes.ts';
import favoriteRoutes from './favorite.routes.ts';
import recycleRoutes from './recycle.routes.ts';
import scoreRoutes from './score.routes.ts';

/** Every /api/v1 route of documents: publishing, reading, review, downloads, ratings, favorites, recycle bin. */
export default async function documentModule(app: FastifyInstance) {
  for (const routes of [
    documentUploadRoutes,
    documentRoutes,
    documentWriteRoutes,
    documentAdminRoutes,
    scoreRoutes,
    downloadRoutes,
    recycleRoutes,
    favoriteRoutes,
  ]) {
    await app.register(routes);
  }
}
