import type { PermissionDecl, ServiceTable } from './endpoint.ts';
import { friendlinkApi } from './friendlink.ts';

/**
 * Every service's endpoint table, by the name of its contract file (`friendlink` is src/contract/friendlink.ts).
 * The server's routes, `tests/server/contract.test.ts` and `scripts/gen-api.ts` (the browser's projection in
 * src/api/generated/<file>.ts) read it.
 */
export const SERVICE_TABLES = {
  friendlink: friendlinkApi,
} as const satisfies Record<string, ServiceTable>;

/** Every permission the tables name: their calls' and their handlers' own checks (the seed's titles). */
export function tablePermissions(): PermissionDecl[] {
  return Object.values(SERVICE_TABLES as Record<string, ServiceTable>).flatMap((t) => [
    ...Object.values(t.calls).flatMap((c) => (typeof c.access === 'object' ? [c.access] : [])),
    ...Object.values(t.checks ?? {}),
  ]);
}
