import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kustomize, type K8sObject } from '../helpers/kustomize.js';
import { schemaErrors } from '../helpers/kubernetes-schemas.js';

/**
 * The TLS the customers' and the staff's browsers are offered where it ends: the cluster's Gateway
 * (Envoy Gateway's ClientTrafficPolicy) and compose's Caddy. TLS 1.2 and 1.3 only, and for TLS 1.2
 * Mozilla's "intermediate" cipher suites (ECDHE, AEAD), strongest first. OWASP ASVS 5.0 V12.1.1, V12.1.2.
 * Port 80 redirects pages and refuses API calls in the Caddyfile as the cluster does (V4.1.2).
 */
const ROOT = join(import.meta.dirname, '../..');
const K8S = join(ROOT, 'deploy/kubernetes');
const sets: Array<[string, K8sObject[]]> = [['base', kustomize(join(K8S, 'base'))], ...readdirSync(join(K8S, 'overlays')).map((o): [string, K8sObject[]] => [`overlays/${o}`, kustomize(join(K8S, 'overlays', o))])];

/** Mozilla's intermediate TLS 1.2 suites without DHE (neither Envoy's BoringSSL nor Go offers it), strongest first: OpenSSL's names and Go's (Caddy). */
const INTERMEDIATE: Array<[openssl: string, go: string]> = [
  ['ECDHE-ECDSA-AES256-GCM-SHA384', 'TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384'],
  ['ECDHE-RSA-AES256-GCM-SHA384', 'TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384'],
  ['ECDHE-ECDSA-CHACHA20-POLY1305', 'TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256'],
  ['ECDHE-RSA-CHACHA20-POLY1305', 'TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256'],
  ['ECDHE-ECDSA-AES128-GCM-SHA256', 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256'],
  ['ECDHE-RSA-AES128-GCM-SHA256', 'TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256'],
];

type Policy = K8sObject & { spec: { targetRefs: Array<{ group: string; kind: string; name: string; sectionName?: string }>; tls: { minVersion: string; maxVersion?: string; ciphers: string[] } } };

describe('TLS at the Gateway (Envoy Gateway ClientTrafficPolicy)', () => {
  describe.each(sets)('%s', (_name, objects) => {
    it('pins TLS 1.2 as the minimum and Mozilla’s intermediate cipher suites on the whole Gateway', async () => {
      const gateway = objects.find((o) => o.kind === 'Gateway')!;
      const policies = objects.filter((o): o is Policy => o.kind === 'ClientTrafficPolicy');
      expect(policies).toHaveLength(1);
      const [policy] = policies;
      expect(await schemaErrors(policy!)).toEqual([]);
      // The whole Gateway, every listener: no sectionName narrows it.
      expect(policy!.spec.targetRefs).toEqual([{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: gateway.metadata.name }]);
      expect(policy!.metadata.namespace).toBe(gateway.metadata.namespace);
      expect(policy!.spec.tls.minVersion).toBe('1.2');
      expect(policy!.spec.tls.maxVersion ?? '1.3').toBe('1.3');
      expect(policy!.spec.tls.ciphers).toEqual(INTERMEDIATE.map(([openssl]) => openssl));
    });
  });

  it('refuses a misspelt field or a version Envoy Gateway does not know (the structural check itself: its CRD is not available offline)', async () => {
    const policy = structuredClone(sets[0]![1].find((o) => o.kind === 'ClientTrafficPolicy')!) as Policy;
    (policy.spec.tls as Record<string, unknown>).minVerison = '1.2';
    policy.spec.tls.maxVersion = '1.4';
    const errors = (await schemaErrors(policy)).join('\n');
    expect(errors).toMatch(/minVerison/);
    expect(errors).toMatch(/spec\.tls\.maxVersion/);
  });
});

describe('TLS at compose’s Caddy (deploy/Caddyfile)', () => {
  const caddyfile = readFileSync(join(ROOT, 'deploy/Caddyfile'), 'utf8');
  /** The site blocks (address line → body), snippets left out. */
  const sites = [...caddyfile.matchAll(/^([^\s#(][^{\n]*)\{\n([\s\S]*?)^\}/gm)].map((m) => ({ address: m[1]!.trim(), body: m[2]! }));

  it('offers every HTTPS site TLS 1.2 and 1.3 only, with the Gateway’s cipher suites in the same order', () => {
    const snippet = /^\(tls_policy\) \{\n([\s\S]*?)^\}/m.exec(caddyfile)?.[1] ?? '';
    expect(snippet).toMatch(/^\s*protocols tls1\.2 tls1\.3$/m);
    expect(/^\s*ciphers (.+)$/m.exec(snippet)?.[1]?.split(/\s+/)).toEqual(INTERMEDIATE.map(([, go]) => go));
    const https = sites.filter((s) => !s.address.startsWith('http://') && s.address !== '');
    expect(https.map((s) => s.address)).toEqual(expect.arrayContaining(['localhost:8443, horizonte.localhost:8443', 'ops.localhost:8443']));
    for (const site of https) {
      expect(site.body, site.address).toMatch(/^\s*import tls_policy$/m);
      // No site sets its own tls that could offer more.
      expect(site.body, site.address).not.toMatch(/^\s*tls\b/m);
    }
  });

  it('answers plain HTTP to an API call with an error and redirects only pages', () => {
    const plain = sites.find((s) => s.address.startsWith('http://'))!;
    expect(plain.address.split(/,\s*/).sort()).toEqual(['http://horizonte.localhost:8080', 'http://localhost:8080', 'http://ops.localhost:8080']);
    expect(plain.body).toMatch(/^\s*@api path \/api \/api\/\* \/health \/health\/\*$/m);
    const api = /handle @api \{([\s\S]*?)\n\t\}/.exec(plain.body)?.[1] ?? '';
    expect(api).not.toMatch(/redir|reverse_proxy/);
    const respond = /respond `(.+)` (\d{3})/.exec(api);
    expect(respond?.[2]).toBe('403');
    expect(JSON.parse(respond![1]!)).toMatchObject({ kind: 'error', message: 'Esta API atende somente por HTTPS.' });
    expect(plain.body).toMatch(/handle \{\n\s*redir https:\/\/\{host\}:8443\{uri\} 301\n/);
    expect(plain.body).not.toMatch(/reverse_proxy/);
  });
});
