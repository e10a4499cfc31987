/**
 * Where a token sits, for ranking: the item row holds every token plain, and the tokens of the
 * title, and of title and keywords (what the uploader says the item is about), once more behind
 * a mark (a private-use character: a letter to the databases' tokenizers, a separator to
 * indexTokens, so no token of a text holds one): "the title holds every term" is one more match
 * on the same row (grams.ts itemTokens).
 *
 * A module of its own, without the segmenter grams.ts loads: the local copy's thread reads these
 * and loading jieba's dictionary cost that thread 26 MB (docs/performance.md).
 */
export const TITLE_MARK = '\ue000';
export const KEYWORD_MARK = '\ue001';
/** PostgreSQL only: an item's id ranges, tokens of their own (newest.postgres.ts, rangeTokens). */
export const BUCKET_MARK = '\ue002';
