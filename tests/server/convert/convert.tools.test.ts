import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertContentMatches, detectContentType } from '../../../src/server/convert/content-type.ts';
import { runTool } from '../../../src/server/convert/exec.ts';
import { normaliseText } from '../../../src/server/convert/page-text.ts';
import { previewCount } from '../../../src/server/convert/pdf-pages.ts';
import { decodeText } from '../../../src/server/convert/text.ts';
import { networkIsolation } from '../../../src/server/convert/tools.ts';
import { makeZip } from '../../fixtures/make-zip.ts';
import { GBK_TEXT, docxParts } from '../../fixtures/templates.ts';
import { detectTools } from '../../../src/server/convert/tool-checks.ts';
import { fixture } from './convert.support.ts';
import { processInfo } from '../support/proc.ts';
import { waitFor } from '../support/wait.ts';

const dir = mkdtempSync(join(tmpdir(), 'wenku-convert-tools-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, data: string | Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, data);
  return p;
};
const kindOf = async (name: string, data: string | Buffer) => (await detectContentType(file(name, data))).kind;

describe('content type detection', () => {
  it('tells the fixtures apart by their bytes', async () => {
    expect(await kindOf('a', fixture('chinese-8pages.pdf'))).toBe('pdf');
    expect(await kindOf('b', fixture('chinese.docx'))).toBe('docx');
    expect(await kindOf('c', fixture('chinese.pptx'))).toBe('pptx');
    expect(await kindOf('d', fixture('book.epub'))).toBe('epub');
    expect(await kindOf('e', fixture('gbk.txt'))).toBe('text');
    expect(await kindOf('f', fixture('elf-renamed.pdf'))).toBe('elf');
    expect(await kindOf('g', fixture('hostile.svg'))).not.toBe('pdf');
  });

  it('inspects ZIP containers whatever the order of their entries', async () => {
    expect(await kindOf('h', makeZip([...docxParts()].reverse()))).toBe('docx');
    expect(await kindOf('i', makeZip([{ name: 'readme.txt', data: '你好' }]))).toBe('zip');
    expect(
      await kindOf(
        'j',
        makeZip([
          { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', store: true },
          { name: 'content.xml', data: '<x/>' },
        ]),
      ),
    ).toBe('odt');
  });

  it('knows UMD by its magic number and empty files', async () => {
    expect(await kindOf('k', Buffer.from([0x89, 0x9b, 0x9a, 0xde, 1, 2, 3]))).toBe('umd');
    expect(await kindOf('l', Buffer.alloc(0))).toBe('empty');
  });

  it('explains a mismatch in Chinese', async () => {
    expect(() => assertContentMatches('.docx', { kind: 'pdf', label: 'PDF 文档' })).toThrow(
      '文件内容与扩展名不符：实际为 PDF 文档',
    );
    expect(() => assertContentMatches('.exe', { kind: 'exe', label: 'x' })).toThrow('不支持的文档格式：.exe');
    expect(() => assertContentMatches('.txt', { kind: 'empty', label: '空文件' })).toThrow('文件为空，无法转换');
    expect(() => assertContentMatches('.doc', { kind: 'text', label: '纯文本文件' })).not.toThrow();
  });
});

describe('text decoding and page text', () => {
  it('reads UTF-8, GBK and UTF-16 and refuses binary', () => {
    expect(decodeText(fixture('gbk.txt'))).toEqual({ text: GBK_TEXT, encoding: 'gb18030' });
    expect(decodeText(Buffer.from('纯文本 UTF-8'))).toEqual({ text: '纯文本 UTF-8', encoding: 'utf-8' });
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('宽字符', 'utf16le')]))?.text).toBe('宽字符');
    expect(decodeText(fixture('elf-renamed.pdf'))).toBeNull();
    // a sample may end inside a character
    expect(decodeText(Buffer.from('中文').subarray(0, 4), true)?.encoding).toBe('utf-8');
  });

  it('joins layout line breaks inside Chinese only, paragraphs apart', () => {
    expect(normaliseText('量子纠缠\n实验报告\n\nEnglish\nwords  here\r\n')).toBe('量子纠缠实验报告\n\nEnglish words here');
    // radicals some fonts extract as stand for the ideographs; full-width punctuation stays
    expect(normaliseText('电\u2f26书：⼤势')).toBe('电子书：大势');
  });

  it('caps preview pages by count and percent', () => {
    expect(previewCount(8, 12, 100)).toBe(8);
    expect(previewCount(8, 0, 0)).toBe(8);
    expect(previewCount(100, 12, 50)).toBe(12);
    expect(previewCount(100, 0, 5)).toBe(5);
    expect(previewCount(3, 0, 10)).toBe(1);
  });
});

/** A process's state, 'gone' once it has been reaped. */
const stateOf = (pid: number): string => processInfo(pid)?.state ?? 'gone';

describe('running tools', () => {
  it('kills the whole process group when the time limit passes', async () => {
    const pidFile = join(dir, 'bg.pid');
    const started = Date.now();
    // the limit counts from the call, the tool starter's own start included: 600 ms was sometimes
    // over before `sh` had written its pid on a loaded machine
    await expect(runTool('sh', ['-c', `sleep 30 & echo $! > ${pidFile}; sleep 30`], { timeoutMs: 3000 })).rejects.toThrow(
      /^文档转换超时/,
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    const bg = Number(readFileSync(pidFile, 'utf8'));
    const state = () => stateOf(bg);
    // gone, or a zombie waiting to be reaped by init, once the signal has been delivered
    await waitFor(() => ['gone', 'Z'].includes(state()), {
      what: 'the background process to end',
      timeout: 2000,
      explain: state,
    });
  });

  it('ends a one-process tool (MuPDF) when the server that started it is killed, with no wrapper left around it', async () => {
    const pidFile = join(dir, 'one.pid');
    const exec = new URL('../../../src/server/convert/exec.ts', import.meta.url).href;
    const tool = `echo $$ > ${pidFile}; exec sleep 60`;
    const script = `import { runTool } from '${exec}';
      runTool('/bin/sh', ['-c', ${JSON.stringify(tool)}], { timeoutMs: 60_000, oneProcess: true });`;
    const server = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
    const pid = await waitFor(() => Number(existsSync(pidFile) && readFileSync(pidFile, 'utf8')), { what: 'the tool to start' });
    const starter = processInfo(pid)!.ppid;
    expect(readFileSync(`/proc/${starter}/cmdline`, 'utf8')).toContain('spawner.child.ts');
    server.kill('SIGKILL');
    // the starter ends once its server is gone, and the kernel sends the tool its parent-death signal
    await waitFor(() => ['gone', 'Z'].includes(stateOf(pid)), { what: 'the tool to end', timeout: 5000 });
  });

  it('takes the network away from LibreOffice and Calibre where namespaces work, and reports it', async () => {
    const prefix = await networkIsolation();
    const envs = await detectTools();
    expect(envs.find((e) => e.name === '网络隔离')?.is_installed).toBe(Boolean(prefix));
    expect(envs.find((e) => e.cmd.startsWith('mutool'))?.is_installed).toBe(true);
    if (!prefix) return;
    const res = await runTool('cat', ['/proc/net/dev'], { timeoutMs: 5000, prefix });
    const interfaces = res.stdout
      .split('\n')
      .slice(2)
      .map((l) => l.split(':')[0].trim())
      .filter(Boolean);
    expect(interfaces).toEqual(['lo']);
  });
});
