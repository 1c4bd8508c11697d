import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Which dependencies may run an install script is decided in package.json (`allowScripts`, npm
 * 11.16 and later; npm 12 blocks any script not listed): every package the lock file marks as
 * having one is listed, so `npm ci` prints no warning and a new dependency's script is a review.
 */
const ROOT = join(import.meta.dirname, '../..');
const json = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Record<string, unknown>;

describe('install scripts', () => {
  it('are allowed or refused, by name, for every dependency that has one', () => {
    const lock = json('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    const decided = (json('package.json').allowScripts ?? {}) as Record<string, boolean>;
    expect(withScripts.filter((name) => typeof decided[name] !== 'boolean')).toEqual([]);
  });
});
