import { join } from 'node:path';
import type { AppConfig } from '../config.ts';
import { S3Storage } from './s3.ts';
import { LocalStorage, type Storage } from './storage.ts';

/** `STORAGE`: `local:<folder>` or `s3://bucket/prefix`; S3 uploads are staged in `<data>/tmp`. */
export function createStorage(config: Pick<AppConfig, 'storage' | 's3' | 'dataDir'>, spec = config.storage): Storage {
  if (spec.startsWith('local:')) return new LocalStorage(spec.slice('local:'.length));
  if (spec.startsWith('s3://')) return new S3Storage(spec, config.s3, join(config.dataDir, 'tmp'));
  throw new Error(`不支持的存储配置 STORAGE=${spec}（支持 local:<目录> 与 s3://<bucket>/<前缀>）`);
}
