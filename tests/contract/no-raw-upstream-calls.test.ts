import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every back-office call goes through a declared endpoint (`upstream.request(endpoint, …)`,
 * back-office/), so its answer is validated and the sandbox answers through the same
 * schema. A raw `call(...)` skips both; only the upstream client itself makes one.
 */
const ROOT = join(import.meta.dirname, '../../server/src');
const ALLOWED = [/^upstream\/(customer-upstream|client)\.ts$/, /\.test\.ts$/];
const RAW_CALL = /\.call(<.{0,200}?>)?\(\s*\{/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('back-office calls', () => {
  it('are made through declared endpoints, never a raw call(...)', () => {
    const raw = files(ROOT)
      .map((path) => relative(ROOT, path).replaceAll('\\', '/'))
      .filter((path) => !ALLOWED.some((allowed) => allowed.test(path)))
      .filter((path) => RAW_CALL.test(readFileSync(join(ROOT, path), 'utf8').replace(/\s+/g, ' ')));
    expect(raw).toEqual([]);
  });
});
