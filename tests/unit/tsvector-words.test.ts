import { describe, expect, it } from 'vitest';
import { BUCKET_MARK } from '../../src/server/search/marks.ts';
import { tsvectorWords } from '../../src/server/search/tsvector-words.ts';

// The words a PostgreSQL server's local copy of the index keeps of an item (local-copy-file.ts):
// the tsvector as PostgreSQL prints it, quotes and id-range tokens taken away.

const range = (s: string) => `'${BUCKET_MARK}doc.${s}'`;

describe('tsvectorWords', () => {
  it('space-joins the quoted words', () => {
    expect(tsvectorWords("'一个' '个开' 'pdf'")).toBe('一个 个开 pdf');
    expect(tsvectorWords("'一个'")).toBe('一个');
    expect(tsvectorWords('')).toBe('');
  });

  it('leaves out the id-range tokens wherever they stand', () => {
    expect(tsvectorWords(`${range('6.1')} '一个' ${range('8.0')} '开始' ${range('10.0')}`)).toBe('一个 开始');
    expect(tsvectorWords(`'一个' ${range('6.1')}`)).toBe('一个');
    expect(tsvectorWords(`${range('6.1')} ${range('8.0')}`)).toBe('');
  });

  it('reads doubled quotes and backslashes as PostgreSQL writes them', () => {
    expect(tsvectorWords(`'it''s' ${range('6.1')} 'a\\\\b' '文库'`)).toBe("it's a\\b 文库");
  });
});
