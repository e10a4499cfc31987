/** The counters of an account, kept by the server as documents, follows, comments and credits come and go. */
export const USER_COUNTERS = [
  'doc_count',
  'follow_count',
  'fans_count',
  'favorite_count',
  'comment_count',
  'article_count',
  'credit_count',
] as const;

/**
 * The profile and counters of an account before anything is filled in: what the server writes into
 * a new user row, and what the client assumes of a user sent without them (zero values are omitted).
 */
export const BLANK_PROFILE = {
  address: '',
  signature: '',
  avatar: '',
  identity: '',
  realname: '',
  remark: '',
  doc_count: 0,
  follow_count: 0,
  fans_count: 0,
  favorite_count: 0,
  comment_count: 0,
  article_count: 0,
  credit_count: 0,
} as const;
