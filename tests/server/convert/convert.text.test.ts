import { expect } from 'vitest';
import { ConverterWorker } from '../../../src/server/convert/worker.ts';
import { addDocument } from './convert.support.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

// long enough to wrap over several printed lines of an A4 page
const FIRST = '机器翻译是计算语言学的一个分支，是人工智能的终极目标之一，具有重要的科学研究价值。'.repeat(4);
const SECOND = '学情分析是教学设计的重要环节，它决定了教学目标的确定与教学内容的选择和组织方式。'.repeat(4);

describeEachDialect('page text of a converted document (%s)', { admin: false, member: false }, () => {
  let id = 0;

  onStart(async ({ t }) => {
    ({ id } = await addDocument(t, Buffer.from(`${FIRST}\n\n${SECOND}\n`), '.txt', { status: 1 }));
    expect(await new ConverterWorker(t.ctx).convertOne()).toEqual({ id, status: 2 });
  }, 60_000);

  it('joins the printed lines of Chinese paragraphs and keeps the paragraphs apart', async ({ t }) => {
    const res = await t.call({ method: 'GET', url: `/api/v1/document/pages/text?id=${id}&whole=true` });
    expect(res.status).toBe(200);
    const text: string = res.body.page[0].text;
    expect(text).toBe(`${FIRST}\n\n${SECOND}`);
    expect(text).not.toMatch(/[\u4e00-\u9fff] [\u4e00-\u9fff]/);
  });
});
