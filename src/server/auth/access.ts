/*
 * What a route requires, declared in the endpoint table (src/contract/endpoint.ts). Permission paths follow
 * moredoc: `/api.v1.<Service>API/<Rpc>` with method GRPC.
 */
import type { PermissionDecl } from '../../contract/endpoint.ts';

export type { Access, PermissionDecl } from '../../contract/endpoint.ts';
export { apiPermission, perm } from '../../contract/endpoint.ts';

/** Collects every permission the routes declare so start-up can sync them into the table. */
export class PermissionRegistry {
  private readonly items = new Map<string, PermissionDecl>();

  declare(p: PermissionDecl): void {
    const method = p.method ?? 'GRPC';
    this.items.set(`${method} ${p.path}`, { ...p, method });
  }

  list(): PermissionDecl[] {
    return [...this.items.values()];
  }
}
