/** Document status choices of the admin filters (contract §4.1). */
import { DOCUMENT_STATUS_LABELS } from '../../../../../domain/status.ts';
import { optionsOf } from '../../../hooks/queryFilters.ts';

export const STATUS_OPTIONS = optionsOf(DOCUMENT_STATUS_LABELS);

/** Status ids in a URL list (`status=0,6`); 0 is a valid status. */
export const statusList = (values: readonly string[]): number[] =>
  values.map(Number).filter((n) => Number.isInteger(n) && n >= 0 && n in DOCUMENT_STATUS_LABELS);
