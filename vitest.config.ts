import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,sandbox,screens,renderer,tests}/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'dist', 'data'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits like a person (the same 20 s as PERSON_WAIT_MS in tests/helpers/browser.ts):
    // a loaded CI machine answers late, a wrong answer still fails when the wait ends.
    expect: { poll: { timeout: 20_000 } },
    // Two cores: end-to-end files start a browser, a server and a sandbox each.
    maxWorkers: 2,
    pool: 'forks',
  },
});
