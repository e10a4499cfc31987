// The server for the benchmarks: the app as `npm start` builds it (migrations, seed, every
// route, the built site), listening on PORT, without the background converter, search sync and
// site builder, so that only the requests being measured run. Prints `listening` once the search
// facet rows are loaded (and on PostgreSQL the local copy of the search index is ready).
import { bootstrap } from '../../src/server/bootstrap.ts';
import { loadConfig } from '../../src/server/config.ts';
import { facetStore } from '../../src/server/search/facet-store.ts';
import { localCopyOf } from '../../src/server/search/local-copies.ts';

const { app } = await bootstrap(loadConfig({ ...process.env, WENKU_SITE_REBUILD: '0', WENKU_LOG: 'silent' }));
// the search facet rows held before the first measured request, as by a server that has run a
// while (facet-store.ts): their first load takes seconds at 1,000,000 items
await facetStore(app.ctx.db).warm();
// and on PostgreSQL its local copy of the index (local-copy.ts): taken over from the bench, or made now
await localCopyOf(app.ctx.db)?.opened;
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
