import { createServer, type AddressInfo } from 'node:net';
import { defineConfig, devices } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A port free at the moment: the runner picks it once, the workers inherit it through E2E_PORT. */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}
// E2E_PORT when given, else a free port; the server is given it (not PORT=0) so that the site's local
// domain follows it from the first start, as on an operator's machine. The server announces it too:
// Playwright reads that line into WENKU_E2E_PORT before the test workers start.
process.env.E2E_PORT ??= String(await freePort());
const PORT = process.env.E2E_PORT;
const ANNOUNCED = /Wenku 已启动：http:\/\/127\.0\.0\.1:(?<wenku_e2e_port>\d+)/;
const DATA = 'test-results/e2e-data';
export const E2E_ADMIN_PASSWORD = 'e2e-admin-pass';

const node = './node_modules/.bin/node';
const env = `DATA_DIR=${DATA} PORT=${PORT} WENKU_ADMIN_PASSWORD=${E2E_ADMIN_PASSWORD} WENKU_LOG=info WENKU_REGISTER_PER_IP_HOUR=1000 WENKU_CAPTCHA_PER_IP_MINUTE=1000`;
// a fresh database each run; captchas off through the operator CLI, as a site operator would;
// the site starts from a copy of the prebuilt dist/ (the server renders changed pages into it in place)
const prepare = [
  `mkdir -p ${DATA}/site/builds && cp -a dist ${DATA}/site/builds/build-1 && ln -sfn "$PWD/${DATA}/site/builds/build-1" ${DATA}/site/current`,
  ...['login', 'register', 'find_password', 'comment'].map(
    (k) => `${env} ${node} src/cli/wenku.ts config set security.enable_captcha_${k} false >/dev/null`,
  ),
].join(' && ');

export default defineConfig({
  testDir: './tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: `http://127.0.0.1:${process.env.WENKU_E2E_PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    locale: 'zh-CN',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `rm -rf ${DATA} && ${prepare} && ${env} ${node} src/server/main.ts`,
    wait: { stdout: ANNOUNCED },
    reuseExistingServer: false,
    timeout: 60_000,
    // one line per request at the info level that announces the port
    stdout: 'ignore',
  },
});
