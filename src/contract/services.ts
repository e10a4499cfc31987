import type { ServiceTable } from './endpoint.ts';
import { friendlinkApi } from './friendlink.ts';

/**
 * Every service's endpoint table, by the name of its contract file (`friendlink` is src/contract/friendlink.ts).
 * The server's routes, `tests/server/contract.test.ts` and `scripts/gen-api.ts` (the browser's projection in
 * src/api/generated/<file>.ts) read it.
 */
export const SERVICE_TABLES = {
  friendlink: friendlinkApi,
} as const satisfies Record<string, ServiceTable>;
