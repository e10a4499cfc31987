// Search queries drawn the way readers type them, from the benchmark's own data set: runs of 2–4
// characters copied from titles and from page text (the text's words follow Zipf's law, so common
// words come up as often as they occur), single words drawn by frequency with the most common
// ones included (一个, 我们, 数据), and queries of two or three words with spaces.
import type { Database } from '../../src/server/db/db.ts';
import { DOC_INDEXED_STATUS } from '../../src/server/search/index-sources.ts';
import { segmenter } from '../../src/server/search/segment.ts';
import { random, type Random } from './random.ts';

/** A run of 2–4 characters inside one punctuation-free stretch of the text. */
function run(r: Random, text: string): string | null {
  const stretches = text.split(/[^\u4e00-\u9fff]+/u).filter((s) => s.length >= 2);
  if (!stretches.length) return null;
  const s = r.pick(stretches);
  const len = Math.min(s.length, r.int(2, 4));
  const at = r.int(0, s.length - len);
  return s.slice(at, at + len);
}

/** Two or three words of a title (jieba's), else words drawn by frequency. */
function words(r: Random, title: string): string {
  const own = segmenter()
    .cut(title, true)
    .filter((w) => /^[\u4e00-\u9fff]{2,}$/u.test(w));
  const n = r.int(2, 3);
  const picked = new Set<string>();
  for (let tries = 0; picked.size < n && tries < 20; tries++) picked.add(own.length >= n ? r.pick(own) : r.word());
  return [...picked].join(' ');
}

/** `n` queries: 35% title runs, 25% page runs, 25% single words by frequency, 15% several words. */
export async function drawQueries(db: Database, n: number, seed: number): Promise<string[]> {
  const r = random(seed);
  const ids = (
    await db
      .selectFrom('documents')
      .select('id')
      .where('status', '=', DOC_INDEXED_STATUS)
      .where('deleted_at', 'is', null)
      .execute()
  ).map((d) => d.id);
  const out: string[] = [];
  while (out.length < n) {
    const roll = r.next();
    if (roll >= 0.35 && roll < 0.6) {
      const doc = await db
        .selectFrom('documents')
        .select(['hash', 'pages'])
        .where('id', '=', r.pick(ids))
        .executeTakeFirstOrThrow();
      const page = await db
        .selectFrom('document_pages')
        .select('text')
        .where('hash', '=', doc.hash)
        .where('page', '=', r.int(1, Math.max(1, doc.pages)))
        .executeTakeFirst();
      const q = page && run(r, page.text);
      if (q) out.push(q);
      continue;
    }
    if (roll >= 0.6 && roll < 0.85) {
      out.push(r.word());
      continue;
    }
    const { title } = await db.selectFrom('documents').select('title').where('id', '=', r.pick(ids)).executeTakeFirstOrThrow();
    const q = roll < 0.35 ? run(r, title) : words(r, title);
    if (q) out.push(q);
  }
  return out;
}
