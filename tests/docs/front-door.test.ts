import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependenciesPage } from '../../scripts/licences.js';
import { checkedOn } from '../../scripts/advisories.js';
import { ConfigSchema } from '../../server/src/config.js';

const read = (file: string) => readFileSync(file, 'utf8');

describe('the front door and its docs', () => {
  it('gives a newcomer the two commands first', () => {
    const readme = read('README.md');
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm test');
    expect(readme.indexOf('npm ci && npm start')).toBeLessThan(readme.indexOf('## Architecture'));
  });

  it('links only pages that exist, from the README and from every docs page', () => {
    for (const page of ['README.md', ...['architecture', 'features', 'contracts', 'flows-and-console', 'sandbox', 'security', 'configuration', 'operations', 'dependencies'].map((p) => `docs/${p}.md`)]) {
      for (const [, target] of read(page).matchAll(/\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g)) {
        expect(existsSync(join(dirname(page), target!)), `${page} → ${target}`).toBe(true);
      }
    }
  });

  it('documents every variable of the configuration schema', () => {
    const page = read('docs/configuration.md');
    const missing = Object.keys(ConfigSchema.shape).filter((name) => !page.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('lists the advisory check, the runtime dependencies and licences as the record and the lock file say (npm run licences)', () => {
    expect(read('docs/dependencies.md')).toBe(dependenciesPage(read('package-lock.json'), read('package.json'), read('docs/advisories.json'), checkedOn()));
  });
});
