import { hashKey } from '../storage/storage.ts';

/** `documents/h0/h1/h2/h3/h4/<hash>`: the folder of a file's generated pages, beside the original. */
export const hashDir = (hash: string): string => hashKey('documents', hash, '');

/** The uploaded original, e.g. `documents/a/b/c/d/e/<hash>.docx` (`ext` with its dot, lower case). */
export const originalKey = (hash: string, ext: string): string => hashKey('documents', hash, ext.toLowerCase());

/** One rendered page (numbered from 1): `<n>.gzip.svg` when stored gzip-compressed, else `<n>.svg`. */
export const pageKey = (hash: string, n: number, gzip: boolean): string => `${hashDir(hash)}/${n}${gzip ? '.gzip.svg' : '.svg'}`;

/** The 210×297 cover image of page 1. */
export const coverKey = (hash: string): string => `${hashDir(hash)}/cover.png`;
