import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // two files at a time on CI's two cores: most of a server test's time is waiting on child
    // processes, sockets and fsync, so one worker leaves a core idle (the default is cores − 1)
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
