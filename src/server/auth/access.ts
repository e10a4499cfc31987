/** What a route requires. Permission paths follow moredoc: `/api.v1.<Service>API/<Rpc>` with method GRPC. */
export type Access = 'public' | 'login' | PermissionDecl;

export interface PermissionDecl {
  path: string;
  title: string;
  method?: string;
}

export const perm = (path: string, title: string, method = 'GRPC'): PermissionDecl => ({ path, title, method });

/** The permissions of one moredoc service: `apiPermission('BannerAPI')('CreateBanner', '创建轮播图')` is `/api.v1.BannerAPI/CreateBanner`. */
export const apiPermission =
  (service: string) =>
  (rpc: string, title: string): PermissionDecl =>
    perm(`/api.v1.${service}/${rpc}`, title);

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
