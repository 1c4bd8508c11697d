import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { ConfigSchema, loadConfig } from '../../server/src/config.js';
import { CLOSE_GRACE_MS, DRAIN_TIMEOUT_MS } from '../../server/src/plugins/core/drain.js';
import { containersOf, kustomize, readManifests, type K8sObject } from '../helpers/kustomize.js';
import { fieldChecker, schemaErrors } from '../helpers/kubernetes-schemas.js';
import { productionSecrets } from '../helpers/production-secrets.js';

const ROOT = 'deploy/kubernetes';
const overlays = readdirSync(join(ROOT, 'overlays'));
const baseFiles = readdirSync(join(ROOT, 'base')).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
/** What is applied: base/ as written, and each overlay as kustomize renders it. */
const sets: Array<[string, K8sObject[]]> = [['base', kustomize(join(ROOT, 'base'))], ...overlays.map((o): [string, K8sObject[]] => [`overlays/${o}`, kustomize(join(ROOT, 'overlays', o))])];

const everything = [...baseFiles.flatMap((f) => readManifests(join(ROOT, 'base', f))), ...sets.flatMap(([, objects]) => objects)];
const undeclaredFields = fieldChecker(everything);

const one = <T extends K8sObject>(objects: K8sObject[], kind: string) => {
  const found = objects.filter((o) => o.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0] as T;
};

interface Probe { httpGet: { path: string; port: string | number } }
interface Container {
  name: string;
  image: string;
  ports: Array<{ name: string; containerPort: number }>;
  envFrom?: Array<{ configMapRef?: { name: string } }>;
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
  readinessProbe: Probe;
  livenessProbe: Probe;
  startupProbe?: Probe;
  lifecycle: { preStop: { sleep: { seconds: number } } };
  securityContext: { readOnlyRootFilesystem: boolean; allowPrivilegeEscalation: boolean; capabilities: { drop: string[] } };
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  volumeMounts: Array<{ name: string; mountPath: string }>;
}
interface PodSpec {
  terminationGracePeriodSeconds: number;
  securityContext: { runAsNonRoot: boolean; runAsUser: number };
  volumes: Array<{ name: string; emptyDir?: object }>;
}
const pod = (objects: K8sObject[]) => {
  const deployment = one(objects, 'Deployment') as K8sObject & { spec: { template: { metadata: { labels: Record<string, string> }; spec: PodSpec } } };
  const containers = containersOf(deployment) as unknown as Container[];
  return { deployment, spec: deployment.spec.template.spec, labels: deployment.spec.template.metadata.labels, server: containers.find((c) => c.name === 'server')! };
};

interface Listener { name: string; hostname?: string; port: number; protocol: string; tls?: { mode?: string; certificateRefs?: Array<{ name: string }> }; allowedRoutes?: { namespaces?: { from?: string } } }
type Gateway = K8sObject & { spec: { gatewayClassName: string; listeners: Listener[] } };
type HTTPRoute = K8sObject & { spec: { parentRefs: Array<{ name: string; sectionName?: string }>; hostnames: string[]; rules: Array<{ matches?: unknown[]; backendRefs?: Array<{ name: string; port: number }>; filters?: unknown[] }> } };
/** The Gateway and its routes: the partners', the console's and the plain-HTTP redirect. */
const routes = (objects: K8sObject[]) => {
  const route = (name: string) => {
    const found = objects.find((o) => o.kind === 'HTTPRoute' && o.metadata.name === name);
    expect(found, name).toBeDefined();
    return found as HTTPRoute;
  };
  expect(objects.filter((o) => o.kind === 'HTTPRoute')).toHaveLength(3);
  return { gateway: one<Gateway>(objects, 'Gateway'), partners: route('consorcio-partners'), console: route('consorcio-ops'), redirect: route('consorcio-https-redirect') };
};

/** The environment the server's container starts with: its ConfigMap, and a stand-in value for each secret it references. */
function containerEnv(objects: K8sObject[]): { env: Record<string, string>; secrets: string[] } {
  const { server } = pod(objects);
  const maps = (server.envFrom ?? []).map((from) => objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === from.configMapRef?.name) as K8sObject & { data: Record<string, string> });
  const env: Record<string, string> = Object.assign({}, ...maps.map((m) => m.data));
  const secrets: string[] = [];
  const strong = productionSecrets() as Record<string, string>;
  for (const variable of server.env ?? []) {
    if (variable.valueFrom?.secretKeyRef) {
      secrets.push(variable.name);
      const key = randomBytes(32).toString('base64');
      env[variable.name] = variable.name.endsWith('_URL') ? (variable.name === 'REDIS_URL' ? 'rediss://secret.example/0' : 'postgresql://secret.example/x?sslmode=verify-full') : (strong[variable.name] ?? (variable.name.endsWith('_KEYS') ? `k1=${key}` : key));
    } else if (variable.value !== undefined) env[variable.name] = variable.value;
  }
  return { env, secrets };
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(loadConfig({ APP_ENV: 'test', UPSTREAM_URL: 'http://127.0.0.1:9', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', FLOWS_POLL_MS: '0' }), { logger: false });
  await app.ready();
});
afterAll(async () => app?.close());

describe('the Kubernetes manifests (deploy/kubernetes)', () => {
  it('are all valid against the Kubernetes API schemas, base files and rendered overlays, with no undeclared field', async () => {
    const errors = (await Promise.all(everything.map(async (o) => (await schemaErrors(o)).map((e) => `${o.kind}/${o.metadata.name}: ${e}`)))).flat();
    expect(errors).toEqual([]);
    expect(undeclaredFields(everything)).toEqual([]);
  });

  it('catch a misspelt field and a wrong type (the check itself)', async () => {
    const [deployment] = kustomize(join(ROOT, 'base')).filter((o) => o.kind === 'Deployment');
    const server = containersOf(deployment!)[0]!;
    server.readinesProbe = server.readinessProbe;
    (deployment!.spec as { revisionHistoryLimit: unknown }).revisionHistoryLimit = 'ten';
    expect(undeclaredFields([deployment!])).toEqual(['Deployment/consorcio-server: spec.template.spec.containers[0].readinesProbe']);
    expect((await schemaErrors(deployment!)).join()).toContain('revisionHistoryLimit must be integer');
  });

  it('catch a misspelt field and a value out of its pattern in the Gateway API’s objects too', async () => {
    const base = kustomize(join(ROOT, 'base'));
    const gateway = base.find((o) => o.kind === 'Gateway') as Gateway;
    const route = base.find((o) => o.kind === 'HTTPRoute') as HTTPRoute;
    (route.spec as Record<string, unknown>).hostname = route.spec.hostnames;
    gateway.spec.listeners[0]!.hostname = 'Consorcio.Aurora.example';
    gateway.spec.listeners[1]!.port = 0;
    expect(undeclaredFields([gateway, route])).toEqual([`HTTPRoute/${route.metadata.name}: spec.hostname`]);
    const errors = (await schemaErrors(gateway)).join();
    expect(errors).toContain('hostname must match pattern');
    expect(errors).toContain('port must be >= 1');
  });

  describe.each(sets)('%s', (_name, objects) => {
    it('probes readiness and liveness on distinct routes of the server, on the port it listens on', async () => {
      const { server } = pod(objects);
      const config = loadConfig(containerEnv(objects).env);
      const http = server.ports.find((p) => p.name === 'http')!;
      expect(http.containerPort).toBe(config.PORT);
      expect(server.readinessProbe.httpGet.path).not.toBe(server.livenessProbe.httpGet.path);
      for (const probe of [server.readinessProbe, server.livenessProbe, server.startupProbe].filter((p): p is Probe => !!p)) {
        expect([http.name, http.containerPort]).toContain(probe.httpGet.port);
        const res = await app.inject({ method: 'GET', url: probe.httpGet.path });
        expect(res.statusCode, probe.httpGet.path).toBe(200);
      }
      // Readiness checks the dependencies; liveness only the process.
      expect(JSON.parse((await app.inject({ method: 'GET', url: server.readinessProbe.httpGet.path })).body)).toHaveProperty('storage');
      expect(JSON.parse((await app.inject({ method: 'GET', url: server.livenessProbe.httpGet.path })).body)).toEqual({ status: 'ok' });
    });

    it('start a server that production accepts, from known variables, with every secret by reference', () => {
      const { env, secrets } = containerEnv(objects);
      const config = loadConfig(env);
      expect(config.APP_ENV).toBe('production');
      expect(config.warnings).toEqual([]);
      expect(Object.keys(env).filter((name) => !(name in ConfigSchema.shape))).toEqual([]);
      expect(secrets.sort()).toEqual(expect.arrayContaining(['COOKIE_SECRET', 'SESSION_SEAL_KEYS', 'DATABASE_URL', 'OPS_OIDC_CLIENT_ID', 'OPS_OIDC_CLIENT_SECRET', 'REDIS_URL', 'UPSTREAM_CLIENT_ID', 'UPSTREAM_CLIENT_SECRET']));
      expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
      expect(Object.keys((one(objects, 'ConfigMap') as K8sObject & { data: object }).data).filter((name) => /SECRET|PASSWORD|USERS|DATABASE_URL|REDIS_URL/.test(name))).toEqual([]);
    });

    it('let in-flight requests finish: the preStop wait and the server’s own close fit in the grace period', () => {
      const { spec, server } = pod(objects);
      expect(DRAIN_TIMEOUT_MS).toBeLessThan(CLOSE_GRACE_MS);
      expect(server.lifecycle.preStop.sleep.seconds).toBeGreaterThanOrEqual(5);
      expect(server.lifecycle.preStop.sleep.seconds * 1000 + CLOSE_GRACE_MS).toBeLessThan(spec.terminationGracePeriodSeconds * 1000);
    });

    it('run as a non-root user on a read-only root file system, with a writable /tmp and resources', () => {
      const { spec, server } = pod(objects);
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
      expect(server.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
      const tmp = server.volumeMounts.find((m) => m.mountPath === '/tmp')!;
      expect(spec.volumes.find((v) => v.name === tmp.name)?.emptyDir).toBeDefined();
      expect(Object.keys(server.resources.requests).sort()).toEqual(['cpu', 'memory']);
      expect(server.resources.limits.memory).toBeDefined();
    });

    it('wire the Service, HTTPRoutes, autoscaler and disruption budget to the server’s pods, for the partners’ hosts only', () => {
      const { deployment, labels, server } = pod(objects);
      const service = one(objects, 'Service') as K8sObject & { spec: { selector: Record<string, string>; ports: Array<{ name: string; port: number; targetPort: string }> } };
      expect(labels).toMatchObject(service.spec.selector);
      for (const port of service.spec.ports) expect(server.ports.map((p) => p.name)).toContain(port.targetPort);
      const pdb = one(objects, 'PodDisruptionBudget') as K8sObject & { spec: { selector: { matchLabels: Record<string, string> } } };
      expect(labels).toMatchObject(pdb.spec.selector.matchLabels);
      const hpa = one(objects, 'HorizontalPodAutoscaler') as K8sObject & { spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number } };
      expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: deployment.metadata.name });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect('replicas' in (deployment.spec as object)).toBe(false);
      // Every pod's PostgreSQL pool together stays under PostgreSQL's default max_connections (100).
      expect(hpa.spec.maxReplicas * loadConfig(containerEnv(objects).env).DATABASE_POOL_SIZE).toBeLessThanOrEqual(90);
      expect(objects.filter((o) => o.kind === 'Ingress')).toEqual([]);
      const { gateway, partners, console: ops, redirect } = routes(objects);
      // The partners' route names exactly the partners' hosts the server answers for; the console's route a host of its own, the server's OPS_HOST.
      const served = loadConfig(containerEnv(objects).env);
      expect(ops.spec.hostnames).toEqual([served.consoleHost]);
      expect([...partners.spec.hostnames, served.consoleHost].sort()).toEqual([...served.allowedHosts!].sort());
      expect(ops.spec.hostnames).toHaveLength(1);
      expect(partners.spec.hostnames).not.toContain(ops.spec.hostnames[0]);
      expect(ops.spec.hostnames[0]).toMatch(/^ops\./);
      for (const route of [partners, ops]) {
        for (const parent of route.spec.parentRefs) expect(parent.name).toBe(gateway.metadata.name);
        for (const backend of route.spec.rules.flatMap((r) => r.backendRefs ?? [])) {
          expect(backend.name).toBe(service.metadata.name);
          expect(service.spec.ports.map((p) => p.port)).toContain(backend.port);
        }
      }
      expect(redirect.spec.parentRefs.map((p) => p.name)).toEqual([gateway.metadata.name]);
    });

    it('serve every host over HTTPS only, each with its certificate from cert-manager’s ClusterIssuer, plain HTTP only redirecting', () => {
      const { gateway, partners, console: ops, redirect } = routes(objects);
      expect(gateway.metadata.annotations?.['cert-manager.io/cluster-issuer']).toMatch(/^[a-z0-9-]+$/);
      const listener = (name: string) => gateway.spec.listeners.find((l) => l.name === name)!;
      const https = gateway.spec.listeners.filter((l) => l.protocol === 'HTTPS');
      // Each route's host is served by the HTTPS listener it is attached to, one listener per host.
      for (const route of [partners, ops]) {
        expect(route.spec.parentRefs.map((p) => listener(p.sectionName!).hostname).sort()).toEqual([...route.spec.hostnames].sort());
        for (const parent of route.spec.parentRefs) expect(listener(parent.sectionName!).protocol).toBe('HTTPS');
      }
      expect(https.map((l) => l.hostname).sort()).toEqual([...partners.spec.hostnames, ...ops.spec.hostnames].sort());
      for (const l of https) {
        expect(l.port, l.name).toBe(443);
        // cert-manager issues a certificate for a listener with a host name, TLS ending at the Gateway and a Secret to write.
        expect(l.tls?.mode, l.name).toBe('Terminate');
        expect(l.tls?.certificateRefs, l.name).toHaveLength(1);
        expect(l.allowedRoutes?.namespaces?.from, l.name).toBe('Same');
      }
      expect(new Set(https.map((l) => l.tls!.certificateRefs![0]!.name)).size).toBe(https.length);
      // The only other listener is port 80, whose one route redirects to https and sends nothing to the server.
      const plain = gateway.spec.listeners.filter((l) => l.protocol !== 'HTTPS');
      expect(plain.map((l) => [l.protocol, l.port])).toEqual([['HTTP', 80]]);
      const onPlain = objects.filter((o) => o.kind === 'HTTPRoute' && (o as HTTPRoute).spec.parentRefs.some((p) => p.sectionName === plain[0]!.name || p.sectionName === undefined));
      expect(onPlain).toEqual([redirect]);
      expect(redirect.spec.hostnames.sort()).toEqual(https.map((l) => l.hostname).sort());
      // Pages are redirected to HTTPS; API calls (/api, /health) get an error instead (OWASP ASVS 5.0 V4.1.2):
      // Envoy Gateway's HTTPRouteFilter answering 403 with the server's Portuguese error.
      expect(redirect.spec.rules).toEqual([
        {
          matches: [{ path: { type: 'PathPrefix', value: '/api' } }, { path: { type: 'PathPrefix', value: '/health' } }],
          filters: [{ type: 'ExtensionRef', extensionRef: { group: 'gateway.envoyproxy.io', kind: 'HTTPRouteFilter', name: 'consorcio-https-required' } }],
        },
        { filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 301 } }] },
      ]);
      const refusal = objects.find((o) => o.kind === 'HTTPRouteFilter' && o.metadata.name === 'consorcio-https-required') as K8sObject & { spec: { directResponse: { statusCode: number; contentType: string; body: { type: string; inline: string } } } };
      expect(refusal?.apiVersion).toBe('gateway.envoyproxy.io/v1alpha1');
      expect(refusal.spec.directResponse).toMatchObject({ statusCode: 403, contentType: 'application/json; charset=utf-8', body: { type: 'Inline' } });
      expect(JSON.parse(refusal.spec.directResponse.body.inline)).toEqual({ kind: 'error', title: app.text('erro.titulo'), message: app.text('erro.https-obrigatorio') });
      expect(redirect.spec.rules[0]!).not.toHaveProperty('backendRefs');
    });
  });

  it('give each overlay its namespace and a released image, pinned by its digest', () => {
    for (const [name, objects] of sets.filter(([n]) => n.startsWith('overlays/'))) {
      expect(new Set(objects.map((o) => o.metadata.namespace)).size, name).toBe(1);
      expect(objects[0]!.metadata.namespace, name).toBeTruthy();
      expect(pod(objects).server.image, name).toMatch(/^[\w.-]+(\/[\w.-]+)+:[\w.-]+@sha256:[0-9a-f]{64}$/);
    }
  });

  it('probe in the image (Dockerfile HEALTHCHECK) a readiness route the server has', async () => {
    const path = /HEALTHCHECK[\s\S]*?\+'(\/[^']+)'/.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(path).toBe('/health/ready');
    expect((await app.inject({ method: 'GET', url: path! })).statusCode).toBe(200);
  });
});
