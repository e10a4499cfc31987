/** What a route requires. Permission paths follow moredoc: `/api.v1.<Service>API/<Rpc>` with method GRPC. */
export type Access = 'public' | 'login' | PermissionDecl;

export interface PermissionDecl {
  path: string;
  title: string;
  method?: string;
}

export const perm = (path: string, title: string, method = 'GRPC'): PermissionDecl => ({ path, title, method });

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
