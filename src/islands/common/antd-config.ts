/**
 * Props the antd apps of the site give their ConfigProvider (here, not in an app, so that one app
 * importing them does not load another). antd inserts a space between the two
 * characters of a two-character Chinese button label (提交 → 提 交), which reads as a typo in a
 * Chinese interface: the site turns it off everywhere.
 */
export const ANTD_BUTTON = { autoInsertSpace: false } as const;

/** The member side's theme (member centre, upload, VIP pages). */
export const MEMBER_THEME = { token: { colorPrimary: '#15803d', colorInfo: '#2563eb', borderRadius: 6 } };
