// The project's ESLint config (eslint.config.js) fires on a bad example of each rule CI relies on
// and stays quiet on the good one. Type-aware rules are switched off here: the snippets are not files
// of the TypeScript project.
import { resolve } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import config from '../../eslint.config.js';

const linter = new Linter({ configType: 'flat', cwd: process.cwd() });
const untyped: Linter.Config[] = [
  ...(config as Linter.Config[]),
  { files: ['**/*.{ts,tsx}'], ...(tseslint.configs.disableTypeChecked as Linter.Config) },
];

/** The rules that report on `code` as if it were the file at `path`. */
const fired = (path: string, code: string): string[] =>
  linter.verify(code, untyped, { filename: resolve(path) }).map((m) => m.ruleId ?? m.message);

// the first run loads the parsers and plugins
beforeAll(() => void fired('src/domain/warm.tsx', 'export const warm = <b />;\n'), 120_000);

describe('lint: browser code imports only types from the contract', () => {
  it('refuses a value import of a contract module in an island', () => {
    const bad = "import { documentList } from '../../contract/document.ts';\nexport const x = documentList;\n";
    expect(fired('src/islands/auth/Bad.tsx', bad)).toContain('no-restricted-imports');
  });
  it('refuses server code and zod in a page script', () => {
    expect(fired('src/scripts/common/bad.ts', "import { z } from 'zod';\nexport const s = z.string();\n")).toContain(
      'no-restricted-imports',
    );
    expect(
      fired('src/api/bad.ts', "import { loadConfig } from '../server/config.ts';\nexport const c = loadConfig;\n"),
    ).toContain('no-restricted-imports');
  });
  it('accepts a type import of a contract module and a value from src/domain', () => {
    const good =
      "import type { Document } from '../../contract/document.ts';\nimport { isHttpUrl } from '../../domain/rules.ts';\nexport const ok = (d: Document) => isHttpUrl(d.title);\n";
    expect(fired('src/islands/auth/Good.tsx', good)).toEqual([]);
    expect(fired('src/api/good.ts', "import type { z } from 'zod';\nexport type In = z.input<z.ZodString>;\n")).toEqual([]);
  });
});

describe('lint: browser code calls the endpoint table, never a path of its own', () => {
  it('refuses the raw transport outside src/api, in an island, a page script and an admin list', () => {
    const bad = "import { request } from '../../api/http.ts';\nexport const x = () => request('GET', '/document/list');\n";
    expect(fired('src/scripts/common/bad.ts', bad)).toContain('no-restricted-imports');
    expect(fired('src/islands/member/Bad.tsx', bad)).toContain('no-restricted-imports');
    const entry = "import { callEntry } from '../../../../api/call.ts';\nexport const x = callEntry('GET', '/banner/list');\n";
    expect(fired('src/islands/admin/screens/banner/BadList.tsx', entry)).toContain('no-restricted-imports');
  });
  it('accepts call() with a generated entry, and the transport inside src/api', () => {
    const good =
      "import { call } from '../../api/call.ts';\nimport { documentList } from '../../api/generated/document.ts';\nexport const x = () => call(documentList, { page: 1 });\n";
    expect(fired('src/scripts/common/good.ts', good)).toEqual([]);
    expect(fired('src/api/good.ts', "import { request } from './http.ts';\nexport const r = request;\n")).toEqual([]);
  });
});

describe('lint: routes never import the database', () => {
  it('refuses kysely and src/server/db in a routes file', () => {
    const bad = "import { sql } from 'kysely';\nimport { nowIso } from '../../db/dialect.ts';\nexport const x = [sql, nowIso];\n";
    const rules = fired('src/server/modules/banner/bad.routes.ts', bad);
    expect(rules.filter((r) => r === 'no-restricted-imports')).toHaveLength(2);
  });
  it('accepts a type import of the schema and a service import', () => {
    const good =
      "import type { UserRow } from '../../db/schema.ts';\nimport { listBanners } from './banner.service.ts';\nexport const x = (u: UserRow) => listBanners(u);\n";
    expect(fired('src/server/modules/banner/good.routes.ts', good)).toEqual([]);
  });
});

describe('lint: in the server modules only repositories query the database', () => {
  const query = "export const names = (db: Database) => db.selectFrom('users').select('username').execute();\n";
  it('refuses a query-builder call in a service or a routes file', () => {
    expect(fired('src/server/modules/banner/bad.service.ts', query)).toContain('no-restricted-syntax');
    const update = "export const touch = (db: Database) => db.updateTable('banners').set({ sort: 1 }).execute();\n";
    expect(fired('src/server/modules/banner/bad.routes.ts', update)).toContain('no-restricted-syntax');
  });
  it('refuses it in every module, the document and user helpers included', () => {
    expect(fired('src/server/modules/document/document.service.ts', query)).toContain('no-restricted-syntax');
    expect(fired('src/server/modules/user/login-throttle.ts', query)).toContain('no-restricted-syntax');
  });
  it('accepts it in a repository', () => {
    expect(fired('src/server/modules/banner/good.repo.ts', query)).toEqual([]);
  });
});

describe('lint: only src/server/config.ts reads the environment', () => {
  it('refuses process.env elsewhere under src/', () => {
    expect(fired('src/server/modules/banner/bad.service.ts', 'export const port = process.env.PORT;\n')).toContain(
      'no-restricted-properties',
    );
  });
  it('accepts process.env in src/server/config.ts', () => {
    expect(fired('src/server/config.ts', 'export const port = process.env.PORT;\n')).toEqual([]);
  });
});

describe('lint: admin list screens use the list kit', () => {
  it("refuses antd's Table and the bare list hook in a list screen", () => {
    const bad =
      "import { Table } from 'antd';\nimport { useListData } from '../../../common/useListData.ts';\nexport const x = [Table, useListData];\n";
    const rules = fired('src/islands/admin/screens/banner/BadList.tsx', bad);
    expect(rules.filter((r) => r === 'no-restricted-imports')).toHaveLength(2);
  });
  it('accepts ListTable and useListPage', () => {
    const good =
      "import { ListTable } from '../../components/ListTable.tsx';\nimport { useListPage } from '../../hooks/useListPage.ts';\nexport const x = [ListTable, useListPage];\n";
    expect(fired('src/islands/admin/screens/banner/GoodList.tsx', good)).toEqual([]);
  });
});

describe('lint: React hooks', () => {
  it('refuses a hook called conditionally', () => {
    const bad =
      "import { useState } from 'react';\nexport function C({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    expect(fired('src/islands/common/Bad.tsx', bad)).toContain('react-hooks/rules-of-hooks');
  });
});

describe('lint: no orphan disable comments', () => {
  it('reports an eslint-disable that disables nothing', () => {
    const bad = '// eslint-disable-next-line no-control-regex\nexport const x = 1;\n';
    expect(fired('src/domain/bad.ts', bad).join(' ')).toMatch(/Unused eslint-disable/);
  });
});

describe('lint: migrations never run live module code', () => {
  const migration = 'src/server/db/migrations/006_paid_text.ts';
  it('refuses a value import of a module, the search code or the schema in a migration', () => {
    for (const from of [
      '../../convert/description.ts',
      '../../modules/user/username-keys.ts',
      '../schema.ts',
      '../db.ts',
      './../../search/backends.ts',
      'zod',
    ]) {
      expect(fired(migration, `import { x } from '${from}';\nexport const y = x;\n`), from).toContain('no-restricted-imports');
    }
  });
  it('refuses it in the frozen rules beside the migrations', () => {
    const frozen = 'src/server/db/migrations/frozen/paid-text-006.ts';
    for (const from of ['../../../convert/description.ts', '../../repo.ts', './../../../search/backends.ts']) {
      expect(fired(frozen, `import { x } from '${from}';\nexport const y = x;\n`), from).toContain('no-restricted-imports');
    }
  });
  it('accepts kysely, the migrations folder, the dialect helpers and type imports', () => {
    const good =
      "import { sql } from 'kysely';\nimport { table } from './columns.ts';\nimport { redescribe } from './frozen/paid-text-006.ts';\nimport { dialectOf } from '../dialect.ts';\nimport { tableExists } from '../introspect.ts';\nimport type { DB } from '../schema.ts';\nexport const y = [sql, table, redescribe, dialectOf, tableExists] as unknown as DB;\n";
    expect(fired(migration, good)).toEqual([]);
    const frozenGood =
      "import { sql } from 'kysely';\nimport { table } from '../columns.ts';\nimport { dialectOf } from '../../dialect.ts';\nexport const y = [sql, table, dialectOf];\n";
    expect(fired('src/server/db/migrations/frozen/x.ts', frozenGood)).toEqual([]);
  });
});

describe('lint: settings are read through their declarations', () => {
  it('refuses a setting read by a key written as text', () => {
    for (const bad of [
      "export const d = (ctx: Ctx) => ctx.settings.num('download', 'url_duration', 60);\n",
      "export const d = (settings: Store) => settings.get('download.url_duration');\n",
      'export const d = (store: Store, k: string) => store.str(`${k}`);\n',
      "export const d = (ctx: Ctx) => ctx.settings.get({ category: 'download', name: 'url_duration' });\n",
    ]) {
      expect(fired('src/server/modules/document/bad.service.ts', bad), bad).toContain('no-restricted-syntax');
      expect(fired('src/server/convert/bad.ts', bad), bad).toContain('no-restricted-syntax');
    }
  });
  it('accepts a read through SETTINGS', () => {
    const good =
      "import { SETTINGS } from '../../../domain/settings/index.ts';\nexport const d = (ctx: Ctx) => ctx.settings.get(SETTINGS.download.url_duration);\n";
    expect(fired('src/server/modules/document/good.service.ts', good)).toEqual([]);
  });
});
