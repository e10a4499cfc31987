import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { expect } from 'vitest';
import { which } from '../../../src/server/convert/tools.ts';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import { syncIndex } from '../../../src/server/search/sync.ts';
import type { TestApp } from '../support/app.ts';
import { category } from '../support/documents.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { fetchShownPages, uploadDocument } from '../support/pages.ts';
import { getDocument } from './convert.support.ts';

/**
 * Real documents nobody on this project wrote, from Debian packages (tests/fixtures/corpus/README.md
 * names each one's package and licence). `pages`: the reference page count: `pdfinfo` of the file itself
 * for PDFs, else of LibreOffice's own PDF export of it (texts: of their UTF-8 copy). `phrases`: found by
 * search in the document's page text (the titles are neutral).
 */
const CORPUS: Array<{ file: string; pages?: number; phrases: string[] }> = [
  { file: 'latex-notes-zh-cn.pdf', phrases: ['满纸荒唐言', '包老师'] },
  { file: 'zhs-man.pdf', phrases: ['zhspacing'] },
  { file: 'fduthesis-en.pdf', phrases: ['Fudan University'] },
  { file: 'xiaoshan-sample.pdf', phrases: ['汉风纹样元素'] },
  { file: 'upzhkinsoku-doc.pdf', phrases: ['kinsoku'] },
  { file: 'zhlipsum-big5.txt', pages: 16, phrases: ['光採用級數本形'] },
  { file: 'zhlipsum-gbk.txt', pages: 35, phrases: ['管县任其坚'] },
  { file: 'install-latex-guide-zh-cn.txt', pages: 2, phrases: ['安装的介绍'] },
  { file: 'officer-example.docx', pages: 1, phrases: ['Quisque tristique', 'Phasellus'] },
  { file: 'officer-slides.pptx', pages: 3, phrases: ['Salut'] },
  // previews fit each sheet to the page width (convert/sheet-layout.ts): its narrow sheets are enlarged,
  // 44 pages; LibreOffice's plain export prints 29 (28 without the page header and footer previews leave out)
  { file: 'datasets.xlsx', pages: 44, phrases: ['setosa'] },
  { file: 'deaths.xls', pages: 3, phrases: ['Carrie Fisher'] },
];

const corpusFile = (name: string): Buffer => readFileSync(new URL(`../../fixtures/corpus/${name}`, import.meta.url));

const pdfinfoPages = (name: string): number => {
  const out = execFileSync('pdfinfo', [new URL(`../../fixtures/corpus/${name}`, import.meta.url).pathname], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(out)?.[1]);
};

const tools = Boolean(which('soffice') && which('mutool') && which('pdfinfo'));

describeEachDialect('a corpus of real documents (%s)', { member: false, skip: !tools }, () => {
  let t: TestApp;
  const ids = new Map<string, number>();

  onStart(async (ready) => {
    ({ t } = ready);
    const { admin } = ready;
    const cat = await category(t, admin, '语料');
    for (const { file } of CORPUS)
      ids.set(file, await uploadDocument(t, admin, cat, corpusFile(file), file, `语料 ${extname(file)}`));
    const started = Date.now();
    // two converters, as a server with WENKU_CONVERT_CONCURRENCY=2 runs them
    const drain = async (worker: ConverterWorker) => {
      while (await worker.convertOne()) {
        /* until the queue is empty */
      }
    };
    await Promise.all([drain(new ConverterWorker(t.ctx)), drain(new ConverterWorker(t.ctx))]);
    console.log(`[corpus] ${CORPUS.length} documents converted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await syncIndex(t.ctx.db);
  }, 240_000);

  it.each(CORPUS)('$file converts: page count of the reference, every shown page well-formed', async ({ file, pages }) => {
    const doc = await getDocument(t, ids.get(file)!);
    expect(doc.status, doc.convert_error).toBe(2);
    expect(doc.pages).toBe(pages ?? pdfinfoPages(file));
    expect(await fetchShownPages(t, doc.id)).toBe(doc.preview || doc.pages);
  });

  it.each(CORPUS)('$file is found by search for its distinctive phrases', async ({ file, phrases }) => {
    for (const phrase of phrases) {
      const res = await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent(phrase)}&size=50` });
      expect(res.status).toBe(200);
      expect(
        (res.body.document ?? []).map((d: { id: number }) => d.id),
        `search for「${phrase}」`,
      ).toContain(ids.get(file));
    }
  });
});
