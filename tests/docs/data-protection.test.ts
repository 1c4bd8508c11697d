import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** docs/data-protection.md names every table the product keeps and every test it cites exists. */
const page = readFileSync('docs/data-protection.md', 'utf8');

describe('the data-protection page', () => {
  it('names every table of the schema', () => {
    const migrations = readFileSync('server/src/storage/migration-list.ts', 'utf8');
    const tables = [...new Set([...migrations.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/g)].map((m) => m[1]!))];
    expect(tables.length).toBeGreaterThan(10);
    const named = (table: string) => page.includes(`\`${table}\``) || (table.startsWith('analytics_') && page.includes('`analytics_*`'));
    expect(tables.filter((t) => !named(t))).toEqual([]);
  });

  it('cites only tests that exist', () => {
    const cited = [...page.matchAll(/`((?:tests|server|renderer|sandbox)\/[^`]+\.test\.tsx?)`/g)].map((m) => m[1]!);
    expect(cited.length).toBeGreaterThan(5);
    expect(cited.filter((file) => !existsSync(file))).toEqual([]);
  });
});
