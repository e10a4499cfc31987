// The import boundaries of docs/ARCHITECTURE.md, as ESLint configs (used by eslint.config.js and
// by tests/unit/lint-rules.test.ts, which shows each one firing on a bad example).

/** Code that ends up in the browser: the React apps, page scripts, the client API and its runtime. */
export const CLIENT = [
  'src/islands/**/*.{ts,tsx}',
  'src/scripts/**/*.ts',
  'src/api/**/*.ts',
  'src/stores/**/*.ts',
  'src/lib/**/*.ts',
  'src/views/**/*.ts',
  'src/domain/**/*.ts',
];
/** HTTP-only route files of the server modules. */
export const ROUTES = ['src/server/**/*.routes.ts'];
/** Admin list screens: one server page bound to the URL, through the list kit. */
export const ADMIN_LISTS = ['src/islands/admin/screens/**/*{List,Page,Recycle}.tsx'];
/** The server modules, where only repositories (`*.repo.ts`) hold SQL. */
export const MODULES = ['src/server/modules/**/*.ts'];
/** The database migrations, and the frozen rules some of them apply (migrations/frozen/). */
export const MIGRATIONS = 'src/server/db/migrations/*.ts';
export const FROZEN = 'src/server/db/migrations/frozen/**/*.ts';
/** The one file that reads the environment. */
export const CONFIG = 'src/server/config.ts';

const clientPatterns = [
  {
    group: ['**/contract/*', '**/contract/**'],
    allowTypeImports: true,
    message: '浏览器代码只从 src/contract 导入类型（import type）；取值放到 src/domain。',
  },
  { group: ['**/server/**', '**/build/**', 'node:*'], message: '浏览器代码不能导入服务器、构建期代码或 Node 模块。' },
  // the projection's types are read off the contract's schemas (src/api/call.ts); zod itself stays out of the bundle
  { group: ['zod'], allowTypeImports: true, message: '浏览器代码只从 zod 导入类型（import type）。' },
];
/**
 * The raw transport stays inside src/api: the rest of the browser code calls an entry of the generated
 * endpoint table (`call(documentList, …)`), so it never writes an endpoint path or a request shape itself.
 */
const tablePatterns = [
  ...clientPatterns,
  {
    group: ['**/api/http*', '**/api/upload-transport*', '**/api/call*'],
    importNames: ['request', 'upload', 'callEntry'],
    message: '浏览器代码经生成的接口表调用接口：call(documentList, …)（src/api/generated），不手写接口路径。',
  },
];
const listKitPatterns = [
  {
    group: ['**/common/useListData*'],
    message: '管理列表使用列表套件：useListPage + ListTable/TreeTable（src/islands/admin）。',
  },
];
const listKitPaths = [
  { name: 'antd', importNames: ['Table'], message: '管理列表使用列表套件：ListTable/TreeTable 而不是 antd 的 Table。' },
];

/**
 * A migration runs the code it imports on every database it upgrades, years later: it imports
 * values only from kysely, the migrations folder and the two small dialect helpers of db/; any
 * other rule it needs is copied beside it as it was (migrations/frozen/). `import type` is free.
 */
const frozenImports = (allowed) => [
  'error',
  {
    patterns: [
      {
        regex: `^(?!(${allowed.join('|')})$)`,
        allowTypeImports: true,
        message: '迁移不能运行现行模块的代码：把需要的规则按当时的样子复制到 src/server/db/migrations/frozen/。',
      },
    ],
  },
];
// a path of the same folder that never climbs out of it (no `..` after `./`)
const HERE = String.raw`\./(?!.*\.\.)[^]+`;

/**
 * A setting is read through its declaration (`ctx.settings.get(SETTINGS.download.url_duration)`,
 * src/domain/settings): never by a key written as text, nor by a setting made up on the spot.
 */
const settingsReads = ['Literal', 'TemplateLiteral', 'ObjectExpression'].flatMap((arg) =>
  ['callee.object.name', 'callee.object.property.name'].map((receiver) => ({
    selector: `CallExpression[${receiver}=/^(settings|store)$/][arguments.0.type='${arg}']`,
    message: '配置项只能按声明读取：ctx.settings.get(SETTINGS.<分类>.<名称>)（src/domain/settings），不能写字符串键。',
  })),
);

export const boundaries = [
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...settingsReads] },
  },
  {
    files: [MIGRATIONS],
    rules: { 'no-restricted-imports': frozenImports(['kysely', HERE, String.raw`\.\./(dialect|introspect)\.ts`]) },
  },
  {
    files: [FROZEN],
    rules: {
      'no-restricted-imports': frozenImports([
        'kysely',
        HERE,
        String.raw`\.\./[^/]+\.ts`,
        String.raw`\.\./\.\./(dialect|introspect)\.ts`,
      ]),
    },
  },
  {
    files: CLIENT,
    rules: { 'no-restricted-imports': ['error', { patterns: clientPatterns }] },
  },
  {
    files: CLIENT,
    ignores: ['src/api/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: tablePatterns }] },
  },
  {
    files: ADMIN_LISTS,
    rules: {
      'no-restricted-imports': ['error', { paths: listKitPaths, patterns: [...tablePatterns, ...listKitPatterns] }],
    },
  },
  {
    files: ROUTES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: '路由只处理 HTTP：数据库访问放在 x.repo.ts，经 x.service.ts 调用。' }],
          patterns: [
            {
              group: ['**/db/*', '**/db/**'],
              allowTypeImports: true,
              message: '路由只处理 HTTP：数据库访问放在 x.repo.ts，经 x.service.ts 调用。',
            },
          ],
        },
      ],
    },
  },
  {
    files: MODULES,
    ignores: ['src/server/modules/**/*.repo.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'SQL 只写在模块的 x.repo.ts 里：路由和服务通过 ctx.repos 调用仓库。',
        },
        // this config replaces the one above for the modules: the settings rule again
        ...settingsReads,
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: [CONFIG],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: '只有 src/server/config.ts 读取环境变量。' },
      ],
    },
  },
];
