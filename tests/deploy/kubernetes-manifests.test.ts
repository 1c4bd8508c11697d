import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { ConfigSchema, loadConfig } from '../../server/src/config.js';
import { CLOSE_GRACE_MS, DRAIN_TIMEOUT_MS } from '../../server/src/plugins/core/drain.js';
import { containersOf, kustomize, readManifests, type K8sObject } from '../helpers/kustomize.js';
import { fieldChecker, schemaErrors } from '../helpers/kubernetes-schemas.js';

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

/** The environment the server's container starts with: its ConfigMap, and a stand-in value for each secret it references. */
function containerEnv(objects: K8sObject[]): { env: Record<string, string>; secrets: string[] } {
  const { server } = pod(objects);
  const maps = (server.envFrom ?? []).map((from) => objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === from.configMapRef?.name) as K8sObject & { data: Record<string, string> });
  const env: Record<string, string> = Object.assign({}, ...maps.map((m) => m.data));
  const secrets: string[] = [];
  for (const variable of server.env ?? []) {
    if (variable.valueFrom?.secretKeyRef) {
      secrets.push(variable.name);
      env[variable.name] = variable.name === 'OPS_USERS' ? 'analista:uma-senha-de-producao:publisher' : variable.name.endsWith('_URL') ? `${variable.name === 'REDIS_URL' ? 'redis' : 'postgresql'}://secret.example/x` : 'x'.repeat(40);
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
      expect(secrets.sort()).toEqual(expect.arrayContaining(['COOKIE_SECRET', 'DATABASE_URL', 'OPS_USERS', 'REDIS_URL', 'UPSTREAM_CLIENT_ID', 'UPSTREAM_CLIENT_SECRET']));
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

    it('wire the Service, Ingress, autoscaler and disruption budget to the server’s pods, for the partners’ hosts only', () => {
      const { deployment, labels, server } = pod(objects);
      const service = one(objects, 'Service') as K8sObject & { spec: { selector: Record<string, string>; ports: Array<{ name: string; targetPort: string }> } };
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
      const ingress = one(objects, 'Ingress') as K8sObject & { spec: { tls: Array<{ hosts: string[] }>; rules: Array<{ host: string; http: { paths: Array<{ backend: { service: { name: string; port: { name: string } } } }> } }> } };
      const hosts = ingress.spec.rules.map((r) => r.host).sort();
      expect(hosts).toEqual([...loadConfig(containerEnv(objects).env).allowedHosts!].sort());
      expect(ingress.spec.tls.flatMap((t) => t.hosts).sort()).toEqual(hosts);
      for (const backend of ingress.spec.rules.flatMap((r) => r.http.paths.map((p) => p.backend.service))) {
        expect(backend.name).toBe(service.metadata.name);
        expect(service.spec.ports.map((p) => p.name)).toContain(backend.port.name);
      }
    });
  });

  it('give each overlay its namespace and a released image', () => {
    for (const [name, objects] of sets.filter(([n]) => n.startsWith('overlays/'))) {
      expect(new Set(objects.map((o) => o.metadata.namespace)).size, name).toBe(1);
      expect(objects[0]!.metadata.namespace, name).toBeTruthy();
      expect(pod(objects).server.image, name).toMatch(/^[\w.-]+(\/[\w.-]+)+:[\w.-]+$/);
    }
  });

  it('probe in the image (Dockerfile HEALTHCHECK) a readiness route the server has', async () => {
    const path = /HEALTHCHECK[\s\S]*?\+'(\/[^']+)'/.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(path).toBe('/health/ready');
    expect((await app.inject({ method: 'GET', url: path! })).statusCode).toBe(200);
  });
});
