/**
 * Kubernetes API objects checked against the API's own definitions, as the npm package
 * kubernetes-models ships them (and @kubernetes-models/gateway-api for the Gateway API's
 * Gateway and HTTPRoute, generated from the Gateway API's published types): their validators (the
 * API's OpenAPI schemas compiled by ajv) for types, required fields, patterns and formats, and
 * their TypeScript declarations for the field names — the schemas allow unknown fields, which the
 * API server drops or refuses (a misspelt `readinesProbe` would leave a pod without its probe), so
 * every field must be declared there.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { z } from 'zod';
import type { K8sObject } from './kustomize.js';

/*
 * Envoy Gateway's own API (gateway.envoyproxy.io/v1alpha1) has no package of generated models on
 * the npm registry, and its CRDs are not available offline: its objects are checked against the
 * fields of its API reference that deploy/ uses, strictly (an unknown or misspelt field fails),
 * with the reference's enums and ranges.
 */
const metadata = z.object({ name: z.string().regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/), namespace: z.string().optional(), labels: z.record(z.string(), z.string()).optional(), annotations: z.record(z.string(), z.string()).optional() }).strict();
const tlsVersion = z.enum(['Auto', '1.0', '1.1', '1.2', '1.3']);
const LOCAL_SCHEMAS: Record<string, z.ZodType> = {
  'gateway.envoyproxy.io/v1alpha1 ClientTrafficPolicy': z
    .object({
      apiVersion: z.literal('gateway.envoyproxy.io/v1alpha1'),
      kind: z.literal('ClientTrafficPolicy'),
      metadata,
      spec: z
        .object({
          targetRefs: z.array(z.object({ group: z.literal('gateway.networking.k8s.io'), kind: z.literal('Gateway'), name: z.string().min(1), sectionName: z.string().optional() }).strict()).min(1),
          tls: z.object({ minVersion: tlsVersion.optional(), maxVersion: tlsVersion.optional(), ciphers: z.array(z.string().min(1)).min(1).optional(), ecdhCurves: z.array(z.string()).optional(), alpnProtocols: z.array(z.enum(['http/1.0', 'http/1.1', 'h2'])).optional() }).strict().optional(),
        })
        .strict(),
    })
    .strict(),
  'gateway.envoyproxy.io/v1alpha1 HTTPRouteFilter': z
    .object({
      apiVersion: z.literal('gateway.envoyproxy.io/v1alpha1'),
      kind: z.literal('HTTPRouteFilter'),
      metadata,
      spec: z
        .object({
          directResponse: z
            .object({
              statusCode: z.number().int().min(200).max(599).optional(),
              contentType: z.string().optional(),
              body: z.object({ type: z.enum(['Inline', 'ValueRef']), inline: z.string().optional() }).strict().optional(),
            })
            .strict(),
        })
        .strict(),
    })
    .strict(),
};
const localSchemaOf = (o: Pick<K8sObject, 'apiVersion' | 'kind'>) => LOCAL_SCHEMAS[`${o.apiVersion} ${o.kind}`];

/** The package of each API group that kubernetes-models itself does not hold. */
const GROUP_PACKAGES: Record<string, string> = { 'gateway.networking.k8s.io': '@kubernetes-models/gateway-api' };

/**
 * The module of an apiVersion and kind: apps/v1 Deployment → kubernetes-models/apps/v1/Deployment,
 * gateway.networking.k8s.io/v1 Gateway → @kubernetes-models/gateway-api/gateway.networking.k8s.io/v1/Gateway.
 */
const moduleOf = (o: Pick<K8sObject, 'apiVersion' | 'kind'>) => {
  const group = o.apiVersion.includes('/') ? o.apiVersion.split('/')[0]! : '';
  return `${GROUP_PACKAGES[group] ?? 'kubernetes-models'}/${o.apiVersion}/${o.kind}`;
};

/** What the schema says is wrong with `o` (empty when valid). */
export async function schemaErrors(o: K8sObject): Promise<string[]> {
  const local = localSchemaOf(o);
  if (local) {
    const parsed = local.safeParse(o);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  }
  const model = (await import(moduleOf(o))) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = model[o.kind];
  if (!Model) return [`${o.apiVersion} ${o.kind}: not a Kubernetes API type`];
  try {
    new Model(o).validate();
    return [];
  } catch (err) {
    return [(err as Error).message];
  }
}

/**
 * A check of field names against the packages' declarations of the given API types (one
 * TypeScript program for all of them: building it is the slow part). The check answers the
 * fields of the objects that their types do not declare, as `Kind/name: path`.
 */
export function fieldChecker(types: Array<Pick<K8sObject, 'apiVersion' | 'kind'>>): (objects: K8sObject[]) => string[] {
  // Objects with a local schema (Envoy Gateway's) have their field names checked by it (schemaErrors).
  const modules = [...new Set(types.filter((t) => !localSchemaOf(t)).map(moduleOf))];
  const file = join(process.cwd(), '__kubernetes-types__.ts');
  const source = modules.map((m, k) => `import type { I${m.split('/').at(-1)} as T${k} } from '${m}';\nexport type R${k} = T${k};`).join('\n');
  const options: ts.CompilerOptions = { strict: true, noEmit: true, skipLibCheck: true, types: [], module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext };
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (f) => f === file || fileExists.call(host, f);
  host.readFile = (f) => (f === file ? source : readFile.call(host, f));
  host.getSourceFile = (f, language) => (f === file ? ts.createSourceFile(f, source, language) : getSourceFile.call(host, f, language));
  const program = ts.createProgram([file], options, host);
  const checker = program.getTypeChecker();
  const aliases = program.getSourceFile(file)!.statements.filter(ts.isTypeAliasDeclaration);
  const typeOf = new Map(modules.map((m, k) => [m, checker.getTypeFromTypeNode(aliases[k]!.type)]));

  return (objects) => {
    const found: string[] = [];
    const walk = (value: unknown, type: ts.Type, path: string, where: string) => {
      const t = checker.getNonNullableType(type);
      if (Array.isArray(value)) {
        const item = checker.getIndexTypeOfType(t, ts.IndexKind.Number);
        if (item) value.forEach((v, k) => walk(v, item, `${path}[${k}]`, where));
        return;
      }
      if (value === null || typeof value !== 'object') return;
      // A map (labels, annotations, ConfigMap data): any key.
      if (checker.getIndexTypeOfType(t, ts.IndexKind.String)) return;
      for (const [key, child] of Object.entries(value)) {
        const at = `${path}${path ? '.' : ''}${key}`;
        const property = checker.getPropertyOfType(t, key);
        if (!property) found.push(`${where}: ${at}`);
        else walk(child, checker.getTypeOfSymbol(property), at, where);
      }
    };
    for (const o of objects.filter((x) => !localSchemaOf(x))) {
      const type = typeOf.get(moduleOf(o));
      const where = `${o.kind}/${o.metadata.name}`;
      if (!type || checker.getPropertiesOfType(type).length === 0) found.push(`${where}: no declaration of ${o.apiVersion} ${o.kind} in ${moduleOf(o)}`);
      else walk(o, type, '', where);
    }
    return found;
  };
}
