import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { session } from '../../back-office/index.js';
import { ConfigSchema } from '../../server/src/config.js';
import { LOGIN_LIMITS } from '../../server/src/security/login-throttle.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const page = readFileSync(join(ROOT, 'docs/authentication.md'), 'utf8');
const section = (heading: string) => page.slice(page.indexOf(`## ${heading}`)).split(/\n## /)[0]!;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []));
}

describe('docs/authentication.md', () => {
  it('names every way in: each file that starts a customer session is a row of the table', () => {
    const starters = sourceFiles(join(ROOT, 'server/src/capabilities')).filter((f) => /\.startSession\(/.test(readFileSync(f, 'utf8')));
    expect(starters.length).toBeGreaterThanOrEqual(4);
    const table = section('Ways in');
    expect(starters.map((f) => relative(ROOT, f)).filter((f) => !table.includes(`\`${f.split('/').at(-1)}\``))).toEqual([]);
  });

  it('states the password limits the throttle enforces', () => {
    const text = section('Ways in');
    expect(text).toContain(`${LOGIN_LIMITS.perAccount} tries per account and ${LOGIN_LIMITS.perAddress} wrong per address in ${LOGIN_LIMITS.windowSeconds / 60} minutes`);
    expect(text).toContain(`${LOGIN_LIMITS.consecutiveToBlock} wrong in a row`);
    expect(text).toContain(`the block after ${LOGIN_LIMITS.consecutiveToBlock} wrong passwords in a row is lifted by the holder alone`);
  });

  it('justifies the session lifetimes the configuration enforces by default', () => {
    const defaults = ConfigSchema.parse({ UPSTREAM_URL: 'http://127.0.0.1:9' });
    const text = section('Session lifetimes');
    expect(text).toContain(`**${defaults.SESSION_IDLE_MINUTES} minutes** without a request (\`SESSION_IDLE_MINUTES\`)`);
    expect(text).toContain(`**${defaults.SESSION_ABSOLUTE_HOURS} hours** after it started`);
    // Inside NIST SP 800-63B's AAL2 bounds (revision 3, §4.2.3): 30 idle minutes, 12 hours.
    expect(defaults.SESSION_IDLE_MINUTES).toBeLessThanOrEqual(30);
    expect(defaults.SESSION_ABSOLUTE_HOURS).toBeLessThanOrEqual(12);
  });

  it('says the back office’s tokens are not revoked at logout only while its contract offers no revocation', () => {
    const paths = Object.values(session).map((e) => (e as { path: string }).path);
    expect(paths.filter((p) => /logout|revog|revoke|sair|encerrar/i.test(p))).toEqual([]);
    expect(section('The back office')).toContain('has no call to revoke a token');
  });
});
