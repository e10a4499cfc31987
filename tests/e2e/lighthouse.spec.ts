import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { seedLongContent, type LongContent } from './support/long-content.ts';

/**
 * Lighthouse accessibility (issue 29 item 19): the home, library, document, article and search pages
 * score at least 98, on the built site served by the real server, in Debian's Chromium (headless, no
 * network beyond the site). Not part of `npm test` (each audit takes seconds); run it with
 * `npx astro build && npm run audit:a11y` — it prints the score per page and fails below 98.
 * The scores go to test-results/lighthouse.json as well; axe-core (a11y.spec.ts) guards the same
 * pages in every test run.
 */
test.skip(!process.env.WENKU_LIGHTHOUSE, 'set WENKU_LIGHTHOUSE=1 (npm run audit:a11y)');
test.describe.configure({ mode: 'serial', timeout: 600_000 });

const MIN_SCORE = 98;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let data: LongContent;

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  data = await seedLongContent(request);
});

const pages = (d: LongContent) => ({
  home: '/',
  library: '/library',
  category: `/library/${d.categoryId}`,
  document: `/library/${d.categoryId}/${d.doc.uuid}`,
  articles: '/article',
  article: d.article.url,
  search: `/search?wd=${encodeURIComponent('思想政治')}`,
});

interface Score {
  page: string;
  path: string;
  form: 'desktop' | 'mobile';
  score: number;
  failing: string[];
}

/** The first few elements an audit found at fault, as their HTML starts. */
function whereFailing(details: unknown): string {
  const items = (details as { items?: Array<{ node?: { snippet?: string } }> } | undefined)?.items ?? [];
  return items
    .slice(0, 3)
    .map((i) => i.node?.snippet?.slice(0, 120) ?? '')
    .join(' | ');
}

/** One audit: the accessibility score (0–100) and the audits that cost points. */
async function audit(port: number, url: string, form: Score['form']): Promise<Omit<Score, 'page' | 'path'>> {
  const desktop = form === 'desktop';
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'] },
    {
      extends: 'lighthouse:default',
      settings: {
        formFactor: form,
        screenEmulation: desktop
          ? { mobile: false, width: 1366, height: 900, deviceScaleFactor: 1, disabled: false }
          : { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false },
        throttlingMethod: 'provided',
        locale: 'zh',
      },
    },
  );
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => `${a.id}: ${a.title} ${whereFailing(a.details)}`);
  return { form, score: Math.round((categories.accessibility?.score ?? 0) * 100), failing };
}

test(`Lighthouse accessibility is at least ${MIN_SCORE} on the public pages`, async ({ baseURL }) => {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const scores: Score[] = [];
  try {
    for (const [page, path] of Object.entries(pages(data)))
      for (const form of ['desktop', 'mobile'] as const) {
        const s = { page, path, ...(await audit(chrome.port, `${baseURL}${path}`, form)) };
        console.log(`${s.score}\t${form}\t${page}\t${path}${s.failing.length ? `\n\t${s.failing.join('\n\t')}` : ''}`);
        scores.push(s);
      }
  } finally {
    chrome.kill();
  }
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/lighthouse.json', JSON.stringify({ at: new Date().toISOString(), scores }, null, 2));
  expect(scores.filter((s) => s.score < MIN_SCORE)).toEqual([]);
});
