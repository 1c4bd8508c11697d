import { readdirSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { containersOf, kustomize, readManifests, type K8sObject } from '../helpers/kustomize.js';

/** The console's client at the identity provider comes from the Secret, not the ConfigMap: stand-ins. */
const SECRET_STAND_INS = { OPS_OIDC_CLIENT_ID: 'console', OPS_OIDC_CLIENT_SECRET: 'stand-in' };

/**
 * The network around the server's pods (deploy/kubernetes/base/network-policies.yaml): nothing in
 * or out of the namespace unless allowed, and what is allowed is exactly the list below. The
 * server's own address checks (TRUST_PROXY, METRICS_ALLOWED_NETWORKS) and every address a manifest
 * names stay narrow.
 */
const ROOT = 'deploy/kubernetes';
const overlays = readdirSync(join(ROOT, 'overlays'));
const sets: Array<[string, K8sObject[]]> = [['base', kustomize(join(ROOT, 'base'))], ...overlays.map((o): [string, K8sObject[]] => [`overlays/${o}`, kustomize(join(ROOT, 'overlays', o))])];
/** base/ is written for production's namespace. */
const PRODUCTION_NAMESPACE = (parse(readFileSync(join(ROOT, 'overlays/production/kustomization.yaml'), 'utf8')) as { namespace: string }).namespace;

type Labels = Record<string, string>;
interface Peer { namespaceSelector?: { matchLabels?: Labels }; podSelector?: { matchLabels?: Labels }; ipBlock?: { cidr: string; except?: string[] } }
interface Rule { from?: Peer[]; to?: Peer[]; ports?: Array<{ protocol?: string; port?: number | string; endPort?: number }> }
type NetworkPolicy = K8sObject & { spec: { podSelector: { matchLabels?: Labels; matchExpressions?: unknown[] }; policyTypes?: string[]; ingress?: Rule[]; egress?: Rule[] } };

const policies = (objects: K8sObject[]) => objects.filter((o): o is NetworkPolicy => o.kind === 'NetworkPolicy');

/** At most 256 addresses: an IPv4 prefix of /24 or longer, an IPv6 one of /120 or longer (a bare address is one). */
function narrow(entry: string): boolean {
  const [address, bits] = entry.trim().split('/');
  const family = isIP(address ?? '');
  if (!family) return false;
  if (bits === undefined) return true;
  return Number(bits) >= (family === 4 ? 24 : 120);
}

/** Every CIDR or IP address written in the objects' string values (ConfigMap lists split at commas). */
function addresses(objects: K8sObject[]): Array<{ where: string; value: string }> {
  const found: Array<{ where: string; value: string }> = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') {
      for (const part of value.split(',')) if (/^\s*[0-9a-f.:]+\/\d+\s*$/i.test(part) || isIP(part.trim())) found.push({ where, value: part.trim() });
    } else if (Array.isArray(value)) value.forEach((v, k) => walk(v, `${where}[${k}]`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`);
  };
  for (const o of objects) walk(o, `${o.kind}/${o.metadata?.name ?? ''}`);
  return found;
}

/** A rule as text, `peers → ports`, with each ipBlock written as `ipBlock` once its CIDR is checked narrow. */
function describeRule(rule: Rule, peers: Peer[] | undefined): string {
  const peer = (p: Peer) => {
    if (p.ipBlock) {
      expect(narrow(p.ipBlock.cidr), p.ipBlock.cidr).toBe(true);
      expect(p.ipBlock.except ?? []).toEqual([]);
      return 'ipBlock';
    }
    const labels = (l: Labels | undefined) => Object.entries(l ?? {}).sort().map(([k, v]) => `${k}=${v}`).join(',');
    // A selector with no labels would select every namespace or every pod.
    expect(labels(p.namespaceSelector?.matchLabels), 'namespaceSelector').not.toBe('');
    expect(labels(p.podSelector?.matchLabels), 'podSelector').not.toBe('');
    return `namespace ${labels(p.namespaceSelector?.matchLabels)} pods ${labels(p.podSelector?.matchLabels)}`;
  };
  // A rule without peers or ports would allow every peer or every port.
  expect(peers?.length, 'peers').toBeGreaterThan(0);
  expect(rule.ports?.length, 'ports').toBeGreaterThan(0);
  return `${peers!.map(peer).join(' | ')} → ${rule.ports!.map((p) => { expect(p.endPort).toBeUndefined(); return `${p.protocol ?? 'TCP'}/${p.port}`; }).join(',')}`;
}

/** The server's settings that are not secret: its ConfigMap. */
function serverEnv(objects: K8sObject[]): Record<string, string> {
  return (objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'consorcio-server') as K8sObject & { data: Record<string, string> }).data;
}

describe.each(sets)('the network policies of %s', (_name, objects) => {
  const deployment = objects.find((o) => o.kind === 'Deployment')!;
  const podLabels = (deployment.spec as { template: { metadata: { labels: Labels } } }).template.metadata.labels;
  const selecting = (p: NetworkPolicy) => Object.entries(p.spec.podSelector.matchLabels ?? {}).every(([k, v]) => podLabels[k] === v) && !p.spec.podSelector.matchExpressions;
  const namespace = objects[0]!.metadata.namespace ?? PRODUCTION_NAMESPACE;
  const env = serverEnv(objects);

  it('deny every pod of the namespace all traffic in and out by default', () => {
    const deny = policies(objects).filter((p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress && !p.spec.egress);
    expect(deny).toHaveLength(1);
    expect([...deny[0]!.spec.policyTypes!].sort()).toEqual(['Egress', 'Ingress']);
  });

  it('let into the server’s pods only the Gateway’s proxies on the app port and Prometheus on the metrics port', () => {
    const gateway = objects.find((o) => o.kind === 'Gateway')!;
    const container = containersOf(deployment)[0] as unknown as { ports: Array<{ name: string; containerPort: number }> };
    const config = loadConfig({ ...env, ...SECRET_STAND_INS, APP_ENV: 'test' });
    // The named ports are the ones the server listens on.
    expect(container.ports.find((p) => p.name === 'http')?.containerPort).toBe(config.PORT);
    expect(container.ports.find((p) => p.name === 'metrics')?.containerPort).toBe(config.METRICS_PORT);
    const rules = policies(objects).filter(selecting).flatMap((p) => (p.spec.ingress ?? []).map((r) => describeRule(r, r.from)));
    expect(rules.sort()).toEqual([
      `namespace kubernetes.io/metadata.name=envoy-gateway-system pods app.kubernetes.io/name=envoy,gateway.envoyproxy.io/owning-gateway-name=${gateway.metadata.name},gateway.envoyproxy.io/owning-gateway-namespace=${namespace} → TCP/http`,
      'namespace kubernetes.io/metadata.name=monitoring pods app.kubernetes.io/name=prometheus → TCP/metrics',
    ]);
  });

  it('let the server’s pods reach only DNS, PostgreSQL, Redis, the back office, the identity provider and the OpenTelemetry collector', () => {
    const https = new URL(env.UPSTREAM_URL!);
    expect(https.protocol).toBe('https:');
    const otlp = new URL(env.OTEL_EXPORTER_OTLP_ENDPOINT!);
    const rules = policies(objects).filter(selecting).flatMap((p) => (p.spec.egress ?? []).map((r) => describeRule(r, r.to)));
    expect(rules.sort()).toEqual(
      [
        'namespace kubernetes.io/metadata.name=kube-system pods k8s-app=kube-dns → UDP/53,TCP/53',
        // PostgreSQL, Redis.
        'ipBlock → TCP/5432',
        'ipBlock → TCP/6379',
        // The back office (UPSTREAM_URL's port), the identity provider (OIDC over HTTPS).
        `ipBlock → TCP/${https.port || 443}`,
        'ipBlock → TCP/443',
        `namespace kubernetes.io/metadata.name=observability pods app.kubernetes.io/name=opentelemetry-collector → TCP/${otlp.port}`,
      ].sort(),
    );
    // Every policy with rules applies to the server's pods, or to the migrations' Job (DNS and
    // PostgreSQL only: tests/deploy/migration-job.test.ts): no other pod is let in or out.
    expect(policies(objects).filter((p) => (p.spec.ingress || p.spec.egress) && !selecting(p) && p.metadata.name !== 'consorcio-migrate')).toEqual([]);
    for (const p of policies(objects).filter(selecting)) expect([...(p.spec.policyTypes ?? [])].sort(), p.metadata.name).toEqual(['Egress', 'Ingress']);
  });

  it('trust forwarded headers from the Gateway’s proxies alone and serve metrics to Prometheus alone, by narrow address ranges', () => {
    for (const name of ['TRUST_PROXY', 'METRICS_ALLOWED_NETWORKS'] as const) {
      // A hop count would believe whoever connects; every entry is a narrow range.
      expect(env[name], name).toMatch(/[.:]/);
      for (const entry of env[name]!.split(',')) expect(narrow(entry), `${name}: ${entry}`).toBe(true);
    }
    expect(loadConfig({ ...env, ...SECRET_STAND_INS, APP_ENV: 'test' }).trustProxy).toEqual(env.TRUST_PROXY!.split(',').map((e) => e.trim()));
  });

  it('name no address range wider than 256 addresses anywhere (no 10.0.0.0/8, no 0.0.0.0/0)', () => {
    expect(addresses(objects).filter((a) => !narrow(a.value))).toEqual([]);
  });
});

describe('the address checks themselves', () => {
  it('find a wide range in a ConfigMap list and in a policy, and refuse a policy rule open to any peer', () => {
    const [name, objects] = sets[0]!;
    const copy = structuredClone(objects);
    const map = copy.find((o) => o.kind === 'ConfigMap') as K8sObject & { data: Record<string, string> };
    map.data.TRUST_PROXY = '10.244.250.0/26,10.0.0.0/8';
    const policy = policies(copy).find((p) => p.spec.egress)!;
    policy.spec.egress![1]!.to![0]!.ipBlock!.cidr = '0.0.0.0/0';
    expect(addresses(copy).filter((a) => !narrow(a.value)).map((a) => a.value), name).toEqual(['10.0.0.0/8', '0.0.0.0/0']);
    expect(narrow('::/0')).toBe(false);
    expect(narrow('203.0.113.10')).toBe(true);
    expect(() => describeRule({ ports: [{ port: 443 }] }, [{}])).toThrow();
    expect(() => describeRule({ to: [{ ipBlock: { cidr: '203.0.113.0/24' } }] }, [{ ipBlock: { cidr: '203.0.113.0/24' } }])).toThrow();
  });

  it('leave no wide range in any file of deploy/ as written', () => {
    const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml')).map((f) => join(ROOT, f));
    const written = files.flatMap((f) => readManifests(f));
    expect(addresses(written).filter((a) => !narrow(a.value))).toEqual([]);
    for (const f of files) expect(readFileSync(f, 'utf8'), f).not.toMatch(/\b10\.0\.0\.0\/8\b|\b0\.0\.0\.0\/0\b|::\/0/);
  });
});
