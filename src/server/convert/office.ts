import { mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConvertError } from './errors.ts';
import { lastLines, runTool } from './exec.ts';
import type { Job } from './job.ts';
import { childEnv, networkIsolation, which } from './tools.ts';

export const NO_SOFFICE = '服务器未安装 LibreOffice（soffice），无法转换 Office 文档';

/** Office formats LibreOffice turns into PDF (contract §4.13, all but text and e-books). */
export const OFFICE_EXTENSIONS = new Set([
  '.doc',
  '.docx',
  '.rtf',
  '.wps',
  '.odt',
  '.dot',
  '.ppt',
  '.pptx',
  '.pps',
  '.ppsx',
  '.dps',
  '.odp',
  '.pot',
  '.xls',
  '.xlsx',
  '.et',
  '.ods',
]);

export function requireSoffice(): string {
  const soffice = which('soffice');
  if (!soffice) throw new ConvertError(NO_SOFFICE);
  return soffice;
}

// Linked (not embedded) images and other resources of a document are never fetched, even where the
// network cannot be taken away (no `unshare`): LibreOffice would otherwise request them while converting.
// Macros never run.
const HARDENED_PROFILE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
</oor:items>
`;

/**
 * `soffice --convert-to pdf` with a fresh, hardened profile in the job folder (two runs sharing a profile
 * fail), without network, killed with its helpers when the time limit passes. Returns the PDF's path.
 */
export const sofficeToPdf = (input: string, job: Job, infilter?: string): Promise<string> =>
  sofficeConvert(input, job, 'pdf', infilter);

/** `soffice --convert-to <format>` as sofficeToPdf does it (e.g. `fods`, a flat XML spreadsheet). */
export async function sofficeConvert(input: string, job: Job, format: string, infilter?: string): Promise<string> {
  const soffice = requireSoffice();
  const outDir = join(job.dir, format);
  const profile = join(job.dir, 'profile');
  await mkdir(outDir, { recursive: true });
  await mkdir(join(profile, 'user'), { recursive: true });
  await writeFile(join(profile, 'user', 'registrymodifications.xcu'), HARDENED_PROFILE);
  const args = [
    '--headless',
    '--norestore',
    '--nologo',
    '--nodefault',
    '--nolockcheck',
    `-env:UserInstallation=${pathToFileURL(profile).href}`,
    ...(infilter ? [`--infilter=${infilter}`] : []),
    '--convert-to',
    format,
    '--outdir',
    outDir,
    input,
  ];
  const res = await runTool(soffice, args, {
    timeoutMs: job.timeoutMs,
    cwd: job.dir,
    env: childEnv(job.dir),
    prefix: (await networkIsolation()) ?? undefined,
    signal: job.signal,
    tool: 'LibreOffice',
  });
  const out = join(outDir, `${basename(input, extname(input))}.${format}`);
  const size = await stat(out).then(
    (s) => s.size,
    () => 0,
  );
  if (!size) {
    const why = lastLines(`${res.stderr}\n${res.stdout}`);
    throw new ConvertError(`LibreOffice 无法转换该文档，文件可能已损坏或已加密${why ? `（${why}）` : ''}`);
  }
  return out;
}
