/** Report reason labels (contract §4.9). */
import { REPORT_REASON_LABELS } from '../../../../domain/status.ts';

export const reasonLabel = (reason: number): string => REPORT_REASON_LABELS[reason] ?? (reason ? `其他(${reason})` : '-');
