import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { PRIVATE_FILE } from '../../storage/private.ts';
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { ApiError, badRequest } from '../../http/errors.ts';
import type { Storage } from '../../storage/storage.ts';

/** An uploaded file written to a storage temp file: never held in memory whole. */
export interface IncomingFile {
  /** the temp file; gone after `storage.putFile` or `discard()` */
  path: string;
  name: string;
  size: number;
  md5: string;
  /** Removes the temp file (a no-op once it was stored). */
  discard(): Promise<void>;
}

export const NO_FILE = '请选择要上传的文件（表单字段 file）';
const MALFORMED = '上传的数据不完整或格式不正确，请重新上传';

/** The uploaded file's name as a label: no folders, no control characters, bounded length. */
const cleanName = (name: string): string =>
  [...basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '')].slice(0, 200).join('').trim();

/** What @fastify/multipart's own errors mean to a user. */
const MULTIPART_CODES: Record<string, string> = {
  FST_FILES_LIMIT: '一次只能上传一个文件',
  FST_PARTS_LIMIT: '上传的表单内容太多',
  FST_FIELDS_LIMIT: '上传的表单内容太多',
  FST_PROTO_VIOLATION: '上传的表单字段名不合法',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请以 multipart/form-data 方式上传文件',
  FST_MP_PREMATURE_CLOSE: '上传中断，文件没有完整收到，请重新上传',
};

/**
 * A parse failure of the request body becomes 400: busboy throws plain errors without a code
 * ("Multipart: Boundary not found", "Unexpected end of multipart data", "Part terminated early…").
 * A system error (disk full, no permission) writing the temp file stays a server error.
 */
function asClientError(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  const e = err as { code?: string; syscall?: string };
  if (e.code && MULTIPART_CODES[e.code]) return badRequest(MULTIPART_CODES[e.code]);
  if (e.syscall) return err;
  return badRequest(MALFORMED);
}

/** Streams one part into a temp file, hashing as it goes. The temp file is removed on failure. */
async function save(part: MultipartFile, storage: Storage): Promise<IncomingFile> {
  const path = await storage.tempPath();
  const md5 = createHash('md5');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, count, createWriteStream(path, { mode: PRIVATE_FILE }));
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
  return { path, name: cleanName(part.filename), size, md5: md5.digest('hex'), discard: () => rm(path, { force: true }) };
}

/**
 * Receives the multipart field `file` into a storage temp file, at most `limit` bytes. Returns null
 * when the file was larger — decided after the whole part went by, from busboy's `truncated` flag,
 * so an over-size file is refused every time and nothing of it is kept. Anything but exactly one
 * non-empty file in `file` is 400 with the reason.
 */
export async function receiveFile(req: FastifyRequest, storage: Storage, limit: number): Promise<IncomingFile | null> {
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传文件');
  let file: IncomingFile | undefined;
  let tooLarge = false;
  try {
    for await (const part of req.parts({ limits: { fileSize: limit, files: 1 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest(NO_FILE);
      }
      const saved = await save(part, storage);
      if (part.file.truncated) {
        tooLarge = true;
        await saved.discard();
      } else {
        file = saved;
      }
    }
  } catch (err) {
    await file?.discard();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw asClientError(err);
  }
  if (tooLarge) return null;
  if (!file) throw badRequest(NO_FILE);
  if (!file.size) {
    await file.discard();
    throw badRequest('上传的文件是空的');
  }
  return file;
}
