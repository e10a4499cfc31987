import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

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
