import type { Kysely } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { IndexBackend } from './backend.ts';
import { postgresIndex } from './index.postgres.ts';
import { sqliteIndex } from './index.sqlite.ts';

/** The full-text index implementation of the database's dialect. */
export const backendFor = (db: Kysely<any>): IndexBackend => (dialectOf(db) === 'postgres' ? postgresIndex : sqliteIndex);
