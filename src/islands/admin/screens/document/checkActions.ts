/** The back-office review targets of documents, with their labels, and the recommendation types. */

/** Targets of PUT /document/check: 0 approve, 7 reject, 6 back to review, 4 disable, 2 enable. */
export const CHECK_ACTIONS: ReadonlyArray<{ status: number; label: string }> = [
  { status: 0, label: '审核通过' },
  { status: 7, label: '审核拒绝' },
  { status: 6, label: '变为待审' },
  { status: 4, label: '禁用文档' },
  { status: 2, label: '启用文档' },
];

/** 0 cancel, 1 recommend (kept when already recommended), 2 re-recommend (bumps the time). */
export type RecommendType = 0 | 1 | 2;
