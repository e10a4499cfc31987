/** Report reason labels (contract §4.9), from the member-side report API. */
import { REPORT_REASON_LABELS } from '../../../../api/report.ts';

const LABELS = new Map<number, string>(REPORT_REASON_LABELS);

export const reasonLabel = (reason: number): string => LABELS.get(reason) ?? (reason ? `其他(${reason})` : '-');
