/**
 * Props the antd apps of the site give their ConfigProvider (here, not in an app, so that one app
 * importing them does not load another). antd inserts a space between the two
 * characters of a two-character Chinese button label (提交 → 提 交), which reads as a typo in a
 * Chinese interface: the site turns it off everywhere.
 */
export const ANTD_BUTTON = { autoInsertSpace: false } as const;

/**
 * Colours of the antd screens that pass WCAG AA contrast (4.5:1) on white and on their tints: antd's
 * own greys for labels, hints, placeholders and empty tables (#8c8c8c, #bfbfbf), its success,
 * warning and error colours and the green and gold tags are lighter than that. Disabled controls keep
 * antd's faint grey (WCAG exempts them). Checked by tests/e2e/a11y-signed-in.spec.ts.
 */
const READABLE = {
  colorPrimary: '#15803d',
  colorLink: '#15803d',
  colorInfo: '#2563eb',
  colorSuccess: '#15803d',
  colorSuccessBg: '#f0fdf4',
  colorSuccessBorder: '#bbf7d0',
  colorWarning: '#b45309',
  colorWarningBg: '#fffbeb',
  colorWarningBorder: '#fde68a',
  colorError: '#dc2626',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextQuaternary: 'rgba(0, 0, 0, 0.56)',
  green: '#166534',
  // antd draws a green tag on green1 with a green3 border; from so dark a seed its palette makes those
  // a murky grey (#9ca69e), so the light end is set to the site's own greens (antd keeps each palette
  // step under two names, `green1` and `green-1`, and its CSS variable takes the second)
  green1: '#f0fdf4',
  'green-1': '#f0fdf4',
  green3: '#bbf7d0',
  'green-3': '#bbf7d0',
  gold: '#b45309',
  orange: '#c2410c',
  volcano: '#c2410c',
  red: '#dc2626',
};

/** The member side's theme (member centre, upload, VIP pages). */
export const MEMBER_THEME = { token: { ...READABLE, borderRadius: 6 } };

/** The back office's theme. */
export const ADMIN_THEME = { token: READABLE };
