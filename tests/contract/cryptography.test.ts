import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The cryptography the product does itself, read from its source (server, renderer, screen
 * contract; tests and the sandbox stand-in excluded): Node's own crypto (OpenSSL) only, approved
 * algorithms only, and secrets and ids from the CSPRNG with at least 128 bits. OWASP ASVS 5.0 V11.
 */
const ROOT = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return ['node_modules', 'dist'].includes(name) ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = ['server/src', 'renderer/src', 'screens', 'back-office'].flatMap(sources).map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
const all = (pattern: RegExp) => files.flatMap((f) => [...f.text.matchAll(pattern)].map((m) => ({ path: f.path, match: m })));

describe('cryptography', () => {
  it('uses only Node’s own crypto (OpenSSL), no other cryptography library', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
    expect(names.filter((n) => /crypto|bcrypt|argon|scrypt|nacl|sodium|forge|jsrsasign|jose|jsonwebtoken|elliptic|sjcl|aes/i.test(n))).toEqual([]);
    expect(all(/from ['"](?!node:crypto['"])[^'"]*crypt[^'"]*['"]/g).map((m) => m.path)).toEqual([]);
    expect(files.filter((f) => /from ['"]node:crypto['"]/.test(f.text)).length).toBeGreaterThan(5);
  });

  it('uses only approved algorithms: SHA-256, HMAC-SHA256, HKDF-SHA256 and AES-256-GCM', () => {
    const hashes = all(/createHash\(\s*['"]([\w-]+)['"]/g).map((m) => m.match[1]);
    expect(hashes.length).toBeGreaterThan(5);
    expect([...new Set(hashes)]).toEqual(['sha256']);
    expect([...new Set(all(/create(?:Cipheriv|Decipheriv)\(\s*['"]([\w-]+)['"]/g).map((m) => m.match[1]))]).toEqual(['aes-256-gcm']);
    expect([...new Set(all(/hkdfSync\(\s*['"]([\w-]+)['"]/g).map((m) => m.match[1]))]).toEqual(['sha256']);
    expect(all(/createHmac\(\s*['"]([\w-]+)['"]/g).filter((m) => m.match[1] !== 'sha256')).toEqual([]);
    // No weak or unauthenticated primitive anywhere, nor a hash or cipher named by a variable.
    expect(all(/['"](?:md5|md4|sha1|sha-1|des|des-ede3|rc4|[\w-]*-ecb|[\w-]*-cbc)['"]/gi).map((m) => `${m.path}: ${m.match[0]}`)).toEqual([]);
    expect(all(/create(?:Hash|Hmac|Cipheriv|Decipheriv|Sign|Verify)\(\s*[^'"\s]/g).map((m) => m.path)).toEqual([]);
  });

  it('makes every secret, id and nonce from crypto.randomBytes with at least 128 bits', () => {
    const sizes = all(/randomBytes\(\s*(\d+)\s*\)/g).map((m) => ({ path: m.path, bytes: Number(m.match[1]) }));
    expect(sizes.length).toBeGreaterThanOrEqual(5);
    // 12 bytes is AES-GCM's IV (unique per seal, not a secret); everything else at least 16 bytes.
    expect(sizes.filter((s) => s.bytes < 16 && !(s.bytes === 12 && s.path === 'server/src/storage/sealing.ts'))).toEqual([]);
    expect(all(/randomBytes\(\s*[^\d\s)]/g).map((m) => m.path)).toEqual([]);
    // Math.random only spreads retry waits (resilience.ts), never makes anything secret.
    expect([...new Set(all(/Math\.random/g).map((m) => m.path))]).toEqual(['server/src/upstream/resilience.ts']);
  });

  it('names every algorithm, secret and place of docs/cryptography.md as the code and the deployment have them', () => {
    const page = readFileSync(join(ROOT, 'docs/cryptography.md'), 'utf8');
    const NAMES: Record<string, string> = { sha256: 'SHA-256', 'aes-256-gcm': 'AES-256-GCM' };
    const used = [
      ...all(/createHash\(\s*['"]([\w-]+)['"]/g).map((m) => NAMES[m.match[1]!] ?? m.match[1]!),
      ...all(/create(?:Cipheriv|Decipheriv)\(\s*['"]([\w-]+)['"]/g).map((m) => NAMES[m.match[1]!] ?? m.match[1]!),
      ...all(/hkdfSync\(\s*['"]([\w-]+)['"]/g).map((m) => `HKDF-${(NAMES[m.match[1]!] ?? m.match[1]!).replace('-', '')}`),
      ...(all(/randomBytes\(/g).length > 0 ? ['CSPRNG'] : []),
      // @fastify/cookie signs with HMAC-SHA256 (its default, never overridden here).
      'HMAC-SHA256',
    ];
    expect([...new Set(used)].filter((name) => !page.includes(name))).toEqual([]);
    // Every secret the pods receive by reference has its row among the keys.
    const secrets = [...readFileSync(join(ROOT, 'deploy/kubernetes/base/deployment.yaml'), 'utf8').matchAll(/- name: (\w+)\s+valueFrom:\s+secretKeyRef:/g)].map((m) => m[1]!);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    expect(secrets.filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
    // The places it names exist.
    const places = [...page.matchAll(/`((?:storage|plugins|capabilities|security)\/[\w/.-]+?)\/?`/g)].map((m) => m[1]!);
    expect(places.length).toBeGreaterThan(5);
    expect(places.filter((place) => !existsSync(join(ROOT, 'server/src', place)))).toEqual([]);
  });
});
