import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import { PRIVATE_FILE } from './private.ts';
import type { PresignOptions, Storage } from './storage.ts';
import { TempDir, cleanTempDir } from './temp.ts';

/** Multipart parts of 8 MiB, two in flight: an upload of any size holds at most ~16 MiB in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** `s3://bucket/prefix` → bucket and a key prefix ending in `/` (or empty). */
export function parseS3Spec(spec: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([^/]+)\/?(.*)$/.exec(spec);
  if (!m || !m[1]) throw new Error(`存储配置 STORAGE=${spec} 无效，应为 s3://<bucket>/<前缀>`);
  const prefix = m[2]!.replace(/^\/+|\/+$/g, '');
  return { bucket: m[1], prefix: prefix ? `${prefix}/` : '' };
}

// The AWS SDK (some 30 MB of memory) loads when a bucket is first used, not in every process that
// keeps its files on local disk.
let loading: Promise<AwsSdk> | null = null;
type AwsSdk = typeof import('@aws-sdk/client-s3') & {
  Upload: typeof import('@aws-sdk/lib-storage').Upload;
  getSignedUrl: typeof import('@aws-sdk/s3-request-presigner').getSignedUrl;
};
const awsSdk = (): Promise<AwsSdk> =>
  (loading ??= Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
    import('@aws-sdk/s3-request-presigner'),
  ]).then(([s3, storage, presigner]) => ({ ...s3, Upload: storage.Upload, getSignedUrl: presigner.getSignedUrl })));

const notFound = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Object storage through the AWS SDK (any S3-compatible store). Files are streamed both ways; an
 * object appears whole when its upload completes, so readers never see half a file. Incoming files
 * are written to a local temp folder first (`tempPath`), then uploaded by `putFile`.
 */
export class S3Storage implements Storage {
  readonly bucket: string;
  readonly prefix: string;
  private readonly options: S3ClientConfig;
  private connected: Promise<{ client: S3Client; sdk: AwsSdk }> | null = null;
  private readonly temp: TempDir;

  constructor(spec: string, s3: S3Settings, tempDir: string) {
    const { bucket, prefix } = parseS3Spec(spec);
    this.bucket = bucket;
    this.prefix = prefix;
    this.temp = new TempDir(tempDir);
    const options: S3ClientConfig = { region: s3.region, forcePathStyle: s3.forcePathStyle };
    if (s3.endpoint) options.endpoint = s3.endpoint;
    if (s3.accessKeyId && s3.secretAccessKey) {
      options.credentials = {
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        ...(s3.sessionToken ? { sessionToken: s3.sessionToken } : {}),
      };
    }
    this.options = options;
  }

  /** The SDK and one client for this store, made on first use. */
  private sdk(): Promise<{ client: S3Client; sdk: AwsSdk }> {
    this.connected ??= awsSdk().then((sdk) => ({ sdk, client: new sdk.S3Client(this.options) }));
    return this.connected;
  }

  toString(): string {
    return `s3://${this.bucket}/${this.prefix}`;
  }

  private keyOf(key: string): string {
    if (!key || key.startsWith('/') || key.split('/').some((p) => p === '' || p === '.' || p === '..'))
      throw new Error(`invalid storage key: ${key}`);
    return this.prefix + key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const { client, sdk } = await this.sdk();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key), Body: data }));
  }

  tempPath(): Promise<string> {
    return this.temp.path();
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    await this.putStream(key, createReadStream(tempPath));
    await rm(tempPath, { force: true });
  }

  async storeCopy(key: string, path: string): Promise<void> {
    await this.putStream(key, createReadStream(path));
  }

  async putStream(key: string, data: Readable): Promise<void> {
    // one PutObject for a small file, a multipart upload (aborted on failure) for a large one
    const { client, sdk } = await this.sdk();
    const upload = new sdk.Upload({
      client,
      params: { Bucket: this.bucket, Key: this.keyOf(key), Body: data },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
    });
    await upload.done();
  }

  async takeOut(key: string): Promise<string | null> {
    const body = await this.read(key);
    if (!body) return null;
    const tmp = await this.tempPath();
    try {
      await pipeline(body, createWriteStream(tmp, { mode: PRIVATE_FILE }));
      await this.remove(key);
      return tmp;
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  cleanTemp(olderThanMs: number, now = Date.now()): Promise<number> {
    return cleanTempDir(this.temp.dir, olderThanMs, now);
  }

  async exists(key: string): Promise<boolean> {
    const { client, sdk } = await this.sdk();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  }

  async read(key: string): Promise<Readable | null> {
    const { client, sdk } = await this.sdk();
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      return res.Body as Readable;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    const { client, sdk } = await this.sdk();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }

  async presign(key: string, opts: PresignOptions): Promise<string | null> {
    const { client, sdk } = await this.sdk();
    const command = new sdk.GetObjectCommand({
      Bucket: this.bucket,
      Key: this.keyOf(key),
      ResponseContentType: opts.contentType,
      ResponseContentDisposition: opts.contentDisposition,
      ResponseContentEncoding: opts.contentEncoding,
      ResponseCacheControl: opts.cacheControl,
    });
    return sdk.getSignedUrl(client, command, { expiresIn: opts.expiresIn });
  }

  /** Reachable and ours: a missing probe object is fine, a refused or unreachable bucket is not. */
  async check(): Promise<void> {
    await this.exists('.readyz');
  }
}
