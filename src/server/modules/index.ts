import type { FastifyInstance } from 'fastify';
import navigationRoutes from './navigation/navigation.routes.ts';

/** Every /api/v1 feature module, registered under the /api/v1 prefix by app.ts. */
export const apiModules: Array<(app: FastifyInstance) => Promise<void>> = [navigationRoutes];
