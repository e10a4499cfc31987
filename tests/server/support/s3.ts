import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll } from 'vitest';

/** s3rver's built-in account: requests signed with any other secret are refused (SignatureDoesNotMatch). */
export const S3_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The AWS SDK's standard variables (plus S3_FORCE_PATH_STYLE) for a Wenku process using this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

let seq = 0;

/** Starts a local S3-compatible server (s3rver, which checks SigV4 signatures) with one empty bucket. */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'wenku-s3-'));
  const bucket = `wenku-${process.pid}-${++seq}`;
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3_KEY,
      AWS_SECRET_ACCESS_KEY: S3_KEY,
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The S3 server of a whole test file, and the environment of an app that keeps its files in its bucket. */
export interface FileS3 {
  readonly endpoint: string;
  /** STORAGE under `prefix` of the bucket, the AWS variables, then `env` */
  storage(prefix: string, env?: Record<string, string>): Record<string, string>;
}

/**
 * Starts one S3 server before the file's first test and closes it after its last (call at the top
 * level of a test file, whose blocks' apps then take `storage(…)` as their environment).
 */
export function s3ForFile(): FileS3 {
  let s3: TestS3 | undefined;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(() => s3?.close());
  const started = (): TestS3 => {
    if (!s3) throw new Error("s3ForFile: the server starts before the file's first test");
    return s3;
  };
  return {
    get endpoint() {
      return started().endpoint;
    },
    storage: (prefix, env = {}) => ({ STORAGE: `s3://${started().bucket}/${prefix}`, ...started().env, ...env }),
  };
}
