import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema, loadMigrationConfig, MigrationConfigSchema } from '../../server/src/config.js';
import { containersOf, kustomize, type K8sObject } from '../helpers/kustomize.js';

/**
 * The migrations run by a Job under the migration role before a release's pods roll out; the pods
 * run under the runtime role and only check them (DATABASE_MIGRATE=never). Every other property of
 * the manifests (the API schemas, the server's own settings) is tests/deploy/kubernetes-manifests.test.ts's.
 */
const ROOT = 'deploy/kubernetes';
const sets: Array<[string, K8sObject[]]> = [['base', kustomize(join(ROOT, 'base'))], ...readdirSync(join(ROOT, 'overlays')).map((o): [string, K8sObject[]] => [`overlays/${o}`, kustomize(join(ROOT, 'overlays', o))])];

type Labels = Record<string, string>;
interface Env { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }
interface Container {
  name: string;
  image: string;
  command?: string[];
  env?: Env[];
  envFrom?: Array<{ configMapRef?: { name: string } }>;
  securityContext: Record<string, unknown>;
  resources: { requests: Record<string, string>; limits: Record<string, string> };
}
interface PodTemplate { metadata: { labels: Labels }; spec: { securityContext: Record<string, unknown>; automountServiceAccountToken?: boolean; restartPolicy?: string; containers: Container[] } }
type Job = K8sObject & { spec: { backoffLimit?: number; activeDeadlineSeconds?: number; ttlSecondsAfterFinished?: number; template: PodTemplate } };
type Deployment = K8sObject & { spec: { template: PodTemplate } };
interface Rule { to?: Array<{ namespaceSelector?: { matchLabels: Labels }; podSelector?: { matchLabels: Labels }; ipBlock?: { cidr: string } }>; ports?: Array<{ protocol?: string; port: number | string }> }
type NetworkPolicy = K8sObject & { spec: { podSelector: { matchLabels: Labels }; policyTypes: string[]; ingress?: unknown[]; egress?: Rule[] } };

const only = <T extends K8sObject>(objects: K8sObject[], kind: string, name?: string): T => {
  const found = objects.filter((o) => o.kind === kind && (name === undefined || o.metadata.name === name));
  expect(found, `${kind} ${name ?? ''}`).toHaveLength(1);
  return found[0] as T;
};
const selects = (selector: Labels, labels: Labels) => Object.entries(selector).every(([k, v]) => labels[k] === v);
/** A container's environment, each secret a stand-in value of its kind. */
const envOf = (container: Container, objects: K8sObject[]) => {
  const maps = (container.envFrom ?? []).map((from) => (only(objects, 'ConfigMap', from.configMapRef!.name) as K8sObject & { data: Record<string, string> }).data);
  const env: Record<string, string> = Object.assign({}, ...maps);
  for (const v of container.env ?? []) env[v.name] = v.valueFrom?.secretKeyRef ? (v.name.endsWith('_URL') ? `postgresql://${v.name.toLowerCase()}@db.internal/consorcio` : 'x') : v.value!;
  return env;
};

describe.each(sets)('the migrations of %s', (_name, objects) => {
  const job = only<Job>(objects, 'Job', 'consorcio-migrate');
  const deployment = only<Deployment>(objects, 'Deployment');
  const migrate = job.spec.template.spec.containers;
  const server = deployment.spec.template.spec.containers.find((c) => c.name === 'server')!;

  it('run once per release by a Job of the same image: the compiled `npm run migrate`, as the migration role', () => {
    expect(migrate).toHaveLength(1);
    expect(migrate[0]!.image).toBe(server.image);
    expect(migrate[0]!.command).toEqual(['node', 'build/server/src/migrate.js']);
    // What the image compiles (tsconfig.build.json: server/src → build/server/src) is what npm run migrate runs.
    expect(existsSync('server/src/migrate.ts')).toBe(true);
    expect((JSON.parse(readFileSync('tsconfig.build.json', 'utf8')) as { include: string[] }).include).toContain('server/src');
    expect((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.migrate).toBe('tsx server/src/migrate.ts');
    // The migration role's URL from the Secret, and nothing of the server's configuration.
    const secret = migrate[0]!.env!.find((v) => v.name === 'DATABASE_MIGRATION_URL');
    expect(secret?.valueFrom?.secretKeyRef).toEqual({ name: 'consorcio-server', key: 'DATABASE_MIGRATION_URL' });
    expect(migrate[0]!.envFrom).toBeUndefined();
    const env = envOf(migrate[0]!, objects);
    expect(Object.keys(env).filter((name) => !(name in MigrationConfigSchema.shape))).toEqual([]);
    expect(loadMigrationConfig(env).databaseUrl).toBe(env.DATABASE_MIGRATION_URL);
    // Finishes or fails, within bounds, and goes away by itself.
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    expect(job.spec.backoffLimit).toBeGreaterThanOrEqual(1);
    expect(job.spec.backoffLimit).toBeLessThanOrEqual(5);
    expect(job.spec.activeDeadlineSeconds).toBeGreaterThan(0);
    expect(job.spec.ttlSecondsAfterFinished).toBeGreaterThan(0);
    expect(job.metadata.annotations?.['argocd.argoproj.io/hook']).toBe('PreSync');
  });

  it('run the Job as the server’s pods run: non-root, read-only root file system, no capability, no API token, bounded memory', () => {
    const pod = job.spec.template.spec;
    expect(pod.securityContext).toEqual(deployment.spec.template.spec.securityContext);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } });
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(migrate[0]!.securityContext).toEqual(server.securityContext);
    expect(migrate[0]!.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
    expect(Object.keys(migrate[0]!.resources.requests).sort()).toEqual(['cpu', 'memory']);
    expect(migrate[0]!.resources.limits.memory).toBeDefined();
  });

  it('leave the server’s pods under the runtime role, only checking the migrations, without the migration role’s credentials', () => {
    expect(server.env!.find((v) => v.name === 'DATABASE_MIGRATE')).toEqual({ name: 'DATABASE_MIGRATE', value: 'never' });
    const env = envOf(server, objects);
    // (The whole environment starting a production server: kubernetes-manifests.test.ts.)
    expect(ConfigSchema.shape.DATABASE_MIGRATE.parse(env.DATABASE_MIGRATE)).toBe('never');
    expect(env.DATABASE_URL).toBeDefined();
    expect(env.DATABASE_MIGRATION_URL).toBeUndefined();
    // The Job's pod is no server: no Service, disruption budget or policy of the server's selects it.
    const labels = job.spec.template.metadata.labels;
    const service = only<K8sObject & { spec: { selector: Labels } }>(objects, 'Service');
    expect(selects(service.spec.selector, labels)).toBe(false);
    expect(selects((deployment.spec as unknown as { selector: { matchLabels: Labels } }).selector.matchLabels, labels)).toBe(false);
    expect(selects(only<NetworkPolicy>(objects, 'NetworkPolicy', 'consorcio-server').spec.podSelector.matchLabels, labels)).toBe(false);
  });

  it('let the Job’s pod reach DNS and PostgreSQL (the server’s address for it) and nothing else; nothing reaches it', () => {
    const labels = job.spec.template.metadata.labels;
    const policy = only<NetworkPolicy>(objects, 'NetworkPolicy', 'consorcio-migrate');
    expect(selects(policy.spec.podSelector.matchLabels, labels)).toBe(true);
    expect([...policy.spec.policyTypes].sort()).toEqual(['Egress', 'Ingress']);
    expect(policy.spec.ingress).toBeUndefined();
    const postgres = (p: NetworkPolicy) => p.spec.egress!.filter((r) => r.ports?.some((port) => port.port === 5432)).map((r) => r.to);
    expect(postgres(policy)).toEqual(postgres(only<NetworkPolicy>(objects, 'NetworkPolicy', 'consorcio-server')));
    const described = policy.spec.egress!.map((r) => `${r.to!.map((peer) => (peer.ipBlock ? 'ipBlock' : `${JSON.stringify(peer.namespaceSelector?.matchLabels)} ${JSON.stringify(peer.podSelector?.matchLabels)}`)).join('|')} → ${r.ports!.map((p) => `${p.protocol}/${p.port}`).join(',')}`);
    expect(described).toEqual(['{"kubernetes.io/metadata.name":"kube-system"} {"k8s-app":"kube-dns"} → UDP/53,TCP/53', 'ipBlock → TCP/5432']);
    // Every other policy that lets traffic in or out is the server's.
    const others = objects.filter((o): o is NetworkPolicy => o.kind === 'NetworkPolicy' && o.metadata.name !== 'consorcio-migrate' && !!((o as NetworkPolicy).spec.ingress || (o as NetworkPolicy).spec.egress));
    for (const p of others) expect(selects(p.spec.podSelector.matchLabels, labels), p.metadata.name).toBe(false);
  });
});

describe('the roll out order and the roles, as the docs give them', () => {
  it('operations.md applies the Job, waits for it to complete, then rolls out; and creates the roles with deploy/postgres/roles.sql', () => {
    const ops = readFileSync('docs/operations.md', 'utf8');
    const job = ops.indexOf('kubectl -n consorcio wait --for=condition=complete job/consorcio-migrate');
    expect(job).toBeGreaterThan(0);
    expect(ops.indexOf('kubectl apply -k deploy/kubernetes/overlays/production', job)).toBeGreaterThan(job);
    expect(ops).toContain('deploy/postgres/roles.sql');
    const roles = readFileSync('deploy/postgres/roles.sql', 'utf8');
    expect(roles).toMatch(/ALTER DEFAULT PRIVILEGES FOR ROLE consorcio_migrator IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO consorcio_runtime/);
    expect(roles).not.toMatch(/GRANT (ALL|CREATE)[^;]*consorcio_runtime/);
  });
});
