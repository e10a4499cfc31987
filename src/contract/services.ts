import type { PermissionDecl, ServiceTable } from './endpoint.ts';
import { attachmentApi } from './attachment.ts';
import { backupApi } from './backup.ts';
import { categoryApi } from './category.ts';
import { documentApi } from './document.ts';
import { documentAdminApi } from './document-admin.ts';
import { downloadApi } from './download.ts';
import { favoriteApi } from './favorite.ts';
import { friendlinkApi } from './friendlink.ts';
import { languageApi } from './language.ts';
import { recycleApi } from './recycle.ts';
import { reportApi } from './report.ts';
import { scoreApi } from './score.ts';
import { uploadApi } from './upload.ts';

/**
 * Every service's endpoint table, by the name of its contract file (`friendlink` is src/contract/friendlink.ts).
 * The server's routes, `tests/server/contract.test.ts` and `scripts/gen-api.ts` (the browser's projection in
 * src/api/generated/<file>.ts) read it.
 */
export const SERVICE_TABLES = {
  attachment: attachmentApi,
  backup: backupApi,
  category: categoryApi,
  document: documentApi,
  'document-admin': documentAdminApi,
  download: downloadApi,
  favorite: favoriteApi,
  friendlink: friendlinkApi,
  language: languageApi,
  recycle: recycleApi,
  report: reportApi,
  score: scoreApi,
  upload: uploadApi,
} as const satisfies Record<string, ServiceTable>;

/** Every permission the tables name: their calls' and their handlers' own checks (the seed's titles). */
export function tablePermissions(): PermissionDecl[] {
  return Object.values(SERVICE_TABLES as Record<string, ServiceTable>).flatMap((t) => [
    ...Object.values(t.calls).flatMap((c) => (typeof c.access === 'object' ? [c.access] : [])),
    ...Object.values(t.checks ?? {}),
  ]);
}
