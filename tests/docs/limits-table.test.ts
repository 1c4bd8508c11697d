import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { limitRows, pageWithTable, renderLimitsSection, SECURITY_PAGE, splitPage } from '../../scripts/limits-table.js';
import { ConfigSchema } from '../../server/src/config.js';

/** Server sources, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Counts on the shared counters that are no limit of a door: why each is left out of the table. */
const NOT_LIMITS: Record<string, string> = {
  'transparent-login.ts': 'a transparent-login token is used once (a replay is refused): a one-use rule, not a count',
  'counters.ts': 'the counters themselves',
};

describe('docs/security.md: the table of every limit', () => {
  it('is the table the constants and the configuration give (run npm run limits:table)', () => {
    const { section } = splitPage(readFileSync(SECURITY_PAGE, 'utf8'));
    expect(section, 'the markers of the limits table are in docs/security.md').not.toBeNull();
    expect(section).toBe(renderLimitsSection());
  });

  it('tells a page out of step from one in step', () => {
    const page = readFileSync(SECURITY_PAGE, 'utf8');
    const [first, ...rest] = limitRows();
    const stale = pageWithTable(page, [{ ...first!, limit: first!.limit + 1 }, ...rest]);
    expect(splitPage(stale).section).not.toBe(renderLimitsSection());
    expect(pageWithTable(stale)).toBe(pageWithTable(page));
  });

  it('names every request limit of the configuration, with its default', () => {
    const table = renderLimitsSection();
    const defaults = ConfigSchema.parse({ UPSTREAM_URL: 'http://127.0.0.1:1' }) as Record<string, unknown>;
    const variables = Object.keys(ConfigSchema.shape).filter((name) => name.startsWith('RATE_LIMIT_'));
    expect(variables.length).toBeGreaterThanOrEqual(4);
    for (const name of variables) {
      expect(table, name).toContain(`\`${name}\``);
      expect(table, `${name}'s default`).toMatch(new RegExp(`\\| ${defaults[name] === 60 ? '60 s' : defaults[name]} \\|`));
    }
  });

  it('has a row for every place that counts on the shared counters, or says why not', () => {
    const table = renderLimitsSection();
    const counting = sources('server/src')
      .filter((file) => /counters\.hits?\(|\.hits\(hits\)|this\.counters\.hit\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative('server/src', file));
    // A row names its file (a capability's index by its folder); the request limits by their variables.
    const missing = counting.filter((file) => !NOT_LIMITS[basename(file)] && file !== 'security/rate-limits.ts' && !table.includes(file.replace(/\/index\.ts$|\.ts$/, '')));
    expect(missing).toEqual([]);
    expect(counting).toEqual(expect.arrayContaining(['security/rate-limits.ts', 'security/login-throttle.ts', 'security/otp-throttle.ts', 'security/staff-login-throttle.ts']));
  });
});
