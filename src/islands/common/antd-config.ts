/**
 * Props every antd app of the site gives its ConfigProvider. antd inserts a space between the two
 * characters of a two-character Chinese button label (提交 → 提 交), which reads as a typo in a
 * Chinese interface: the site turns it off everywhere.
 */
export const ANTD_BUTTON = { autoInsertSpace: false } as const;
