// OCR accuracy and cost: node scripts/bench-ocr.ts [pages per language=3]
// Makes scanned pages from known text (tests/fixtures/scans.ts: drawn at 300 dpi, Chinese pages as
// image-only PDFs, English ones as PNG pictures), recognises them as the converter does
// (convert/ocr-queue.ts: MuPDF draws a PDF page at 300 dpi, Tesseract chi_sim+eng reads it) and
// prints the character error rate (edit distance / reference length, whitespace ignored) and
// the seconds per page, beside the anchor: drawing the same page as the converter's SVG.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool } from '../src/server/convert/exec.ts';
import { ocrLanguages, recognise } from '../src/server/convert/ocr.ts';
import { childEnv, which } from '../src/server/convert/tools.ts';
import { imageOnlyPdf, scanPage } from '../tests/fixtures/scans.ts';

const perLanguage = Number(process.argv[2] ?? 3);

// 《桃花源记》《岳阳楼记》 (public domain), cut into lines a page holds
const CHINESE = `晋太元中，武陵人捕鱼为业。缘溪行，忘路之远近。忽逢桃花林，夹岸数百步，中无杂树，芳草鲜美，落英缤纷。渔人甚异之，复前行，欲穷其林。林尽水源，便得一山，山有小口，仿佛若有光。便舍船，从口入。初极狭，才通人。复行数十步，豁然开朗。土地平旷，屋舍俨然，有良田美池桑竹之属。阡陌交通，鸡犬相闻。其中往来种作，男女衣着，悉如外人。黄发垂髫，并怡然自乐。见渔人，乃大惊，问所从来。具答之。便要还家，设酒杀鸡作食。村中闻有此人，咸来问讯。自云先世避秦时乱，率妻子邑人来此绝境，不复出焉，遂与外人间隔。问今是何世，乃不知有汉，无论魏晋。此人一一为具言所闻，皆叹惋。余人各复延至其家，皆出酒食。停数日，辞去。此中人语云：不足为外人道也。庆历四年春，滕子京谪守巴陵郡。越明年，政通人和，百废具兴，乃重修岳阳楼，增其旧制，刻唐贤今人诗赋于其上，属予作文以记之。予观夫巴陵胜状，在洞庭一湖。衔远山，吞长江，浩浩汤汤，横无际涯，朝晖夕阴，气象万千，此则岳阳楼之大观也，前人之述备矣。然则北通巫峡，南极潇湘，迁客骚人，多会于此，览物之情，得无异乎？`;
// modern prose written for this benchmark
const MODERN = `随着互联网的普及，越来越多的图书馆开始把馆藏的纸质资料扫描成电子文档。扫描得到的只是图片，读者无法在其中搜索文字，也无法复制其中的句子。光学字符识别技术可以把这些图片中的文字识别出来，让扫描版的书籍、报纸和档案重新变得可以检索。识别的准确率取决于扫描的分辨率、纸张的清洁程度以及字体的清晰程度。一般来说，三百分辨率的黑白扫描件就能得到较好的结果。对于年代久远的古籍，由于存在大量异体字和生僻字，识别的难度要大得多，往往需要人工校对。文库网站在文档转换完成后，会在后台对没有文字层的页面进行识别，识别出的文字用于搜索、文字阅读模式以及搜索引擎收录的页面。`;
// Alice's Adventures in Wonderland, chapter 1 (public domain)
const ENGLISH = `Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do: once or twice she had peeped into the book her sister was reading, but it had no pictures or conversations in it, and what is the use of a book, thought Alice, without pictures or conversations? So she was considering in her own mind (as well as she could, for the hot day made her feel very sleepy and stupid), whether the pleasure of making a daisy-chain would be worth the trouble of getting up and picking the daisies, when suddenly a White Rabbit with pink eyes ran close by her. There was nothing so very remarkable in that; nor did Alice think it so very much out of the way to hear the Rabbit say to itself, Oh dear! Oh dear! I shall be late! But when the Rabbit actually took a watch out of its waistcoat-pocket, and looked at it, and then hurried on, Alice started to her feet, for it flashed across her mind that she had never before seen a rabbit with either a waistcoat-pocket, or a watch to take out of it.`;

const LINES_PER_PAGE = 16;

/** Page `n` of a text cut into lines of `width` characters (English at word ends), wrapping round. */
function pageLines(text: string, width: number, n: number, words: boolean): string[] {
  const lines: string[] = [];
  let rest = text;
  while (lines.length < LINES_PER_PAGE * (n + 1)) {
    if (!rest) rest = text;
    let cut = Math.min(width, rest.length);
    if (words && cut < rest.length) cut = rest.lastIndexOf(' ', cut) + 1 || cut;
    lines.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut);
  }
  return lines.slice(LINES_PER_PAGE * n);
}

/** Levenshtein distance over code points. */
function distance(a: string[], b: string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

// full-width and ASCII punctuation count as the same character
const fold = (s: string) => [...s.normalize('NFKC').replace(/\s+/g, '')];
const cer = (ref: string, hyp: string) => distance(fold(ref), fold(hyp)) / fold(ref).length;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const mutool = which('mutool');
const langs = await ocrLanguages();
if (!mutool || langs.length < 2) {
  console.error('needs mutool and tesseract with chi_sim and eng data (scripts/install-system-deps.sh)');
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'wenku-bench-ocr-'));
const job = { dir, timeoutMs: 600_000 };
const run = (args: string[]) => runTool(mutool, args, { timeoutMs: 600_000, cwd: dir, env: childEnv(dir), tool: 'MuPDF' });
try {
  const rows: string[] = [];
  for (const [language, text, width, words] of [
    ['Chinese (modern)', MODERN, 34, false],
    ['Chinese (classical)', CHINESE, 34, false],
    ['English', ENGLISH, 60, true],
  ] as const) {
    const rates: number[] = [];
    const ocrSeconds: number[] = [];
    const anchorSeconds: number[] = [];
    for (let n = 0; n < perLanguage; n++) {
      const lines = pageLines(text, width, n, words);
      const name = `${language.replace(/\W+/g, '-')}-${n}`;
      const pdf = join(dir, `${name}.pdf`);
      writeFileSync(pdf, imageOnlyPdf(await scanPage(lines, 'jpeg')));
      let t0 = performance.now();
      await run(['draw', '-q', '-F', 'svg', '-o', join(dir, `${name}.svg`), pdf, '1']);
      anchorSeconds.push((performance.now() - t0) / 1000);
      t0 = performance.now();
      const png = join(dir, `${name}.png`);
      await run(['draw', '-q', '-r', '300', '-c', 'gray', '-o', png, pdf, '1']);
      const got = await recognise(png, langs, job);
      ocrSeconds.push((performance.now() - t0) / 1000);
      rates.push(cer(lines.join(''), got.text));
      if (process.env.OCR_DEBUG) console.log(lines.join(''), '\n', got.text);
      console.log(
        `${language} page ${n + 1}: CER ${(rates.at(-1)! * 100).toFixed(2)} %, confidence ${got.confidence}, ${ocrSeconds.at(-1)!.toFixed(2)} s`,
      );
    }
    const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
    rows.push(
      `${language}: ${perLanguage} pages, CER ${(mean * 100).toFixed(2)} % (worst ${(Math.max(...rates) * 100).toFixed(2)} %), ` +
        `${median(ocrSeconds).toFixed(2)} s per page (median), anchor (SVG page) ${median(anchorSeconds).toFixed(2)} s, ` +
        `${(median(ocrSeconds) / median(anchorSeconds)).toFixed(1)}× the anchor`,
    );
  }
  console.log(
    `\nload average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; tesseract ${langs.join(', ')} (ocr.ts: chi_sim, English again when mostly Latin), one thread`,
  );
  for (const r of rows) console.log(r);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
