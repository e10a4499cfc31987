import { openDatabase } from '../../src/server/db/db.ts';
import { DocumentListRepo } from '../../src/server/modules/document/document-list.repo.ts';
const db = openDatabase(process.argv[2]!);
const repo = new DocumentListRepo(db as never);
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  const r = await repo.homeBlocks(8, ['id', 'title', 'ext', 'uuid', 'pages'], false);
  console.log((performance.now() - t).toFixed(2), r.blocks.length, r.blocks.reduce((a, b) => a + b.rows.length, 0));
}
await db.destroy();
