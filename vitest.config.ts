import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,sandbox,screens,renderer,tests}/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'dist', 'data'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: end-to-end files start a browser, a server and a sandbox each.
    maxWorkers: 2,
    pool: 'forks',
  },
});
