import { accessSync, constants, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/helpers/longest-first.js';

const ROOTS = ['server', 'sandbox', 'screens', 'back-office', 'renderer', 'tests'];
const TEST_FILE = /\.test\.tsx?$/;

/** Test files under the roots, relative to the repository (dist, data and node_modules skipped). */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'data'].includes(entry.name) ? [] : testFiles(path);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/**
 * Files that need modules of their own: those that replace a module for their tests (vi.mock,
 * vi.doMock) — in a worker that already imported the real one, the mock would not take — and those
 * that start the process's tracing with their own exporter (startTracing: the first call in a
 * process decides, so a second file in the same worker would read no spans).
 */
const OWN_MODULES = ROOTS.flatMap(testFiles).filter((file) => /\bvi\.(?:do)?[mM]ock\(|\bstartTracing\(/.test(readFileSync(file, 'utf8')));

/**
 * The tests' temporary folder (every embedded database's private copy of the cluster, Chromium's
 * profiles) in memory when the machine has a tmpfs: copying the cluster onto a disk is a large part
 * of every file's start-up, in memory a small one. Production keeps the system's temporary folder
 * (a container's /dev/shm is 64 MB by default).
 */
function memoryTmpdir(): Record<string, string> {
  try {
    accessSync('/dev/shm', constants.W_OK);
    const dir = '/dev/shm/consorcio-tests';
    mkdirSync(dir, { recursive: true });
    return { TMPDIR: dir };
  } catch {
    return {};
  }
}

const shared = {
  env: memoryTmpdir(),
  // Ceilings, not waits: a test ends when what it waits for arrives. With two CPU hogs beside the
  // suite on two cores (the CI's worst case), a long browser journey or a production stack's start
  // (tests/e2e/eduardo-used-vehicle-inspection, tests/api/security-baseline) takes many times
  // its time on an idle machine: 120 s leaves them room.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // expect.poll waits like a person (the same 30 s as PERSON_WAIT_MS in tests/helpers/browser.ts):
  // a loaded CI machine answers late, a wrong answer still fails when the wait ends.
  expect: { poll: { timeout: 30_000 } },
};

export default defineConfig({
  test: {
    // Two cores: end-to-end files start a browser, a server and a sandbox each.
    maxWorkers: 2,
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          ...shared,
          name: 'suite',
          include: ROOTS.map((root) => `${root}/**/*.test.{ts,tsx}`),
          exclude: ['**/node_modules/**', '**/dist/**', '**/data/**', ...OWN_MODULES],
          // A worker keeps the modules it imported for its next file (each file still starts its
          // own server, sandbox and browser): importing the server's module graph afresh for every
          // file was about 140 s of CPU in a 5-minute run. Module state a test changes must not
          // outlive its file.
          isolate: false,
        },
      },
      { test: { ...shared, name: 'own-modules', include: OWN_MODULES, isolate: true } },
    ],
  },
});
