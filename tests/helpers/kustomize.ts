/**
 * Renders a kustomization the way `kubectl kustomize` does, for the subset deploy/kubernetes/
 * uses: `resources` (files and directories with their own kustomization), `namespace`, `images`
 * (newName/newTag/digest: `name:tag@digest`, as kustomize writes both) and `patches` (JSON 6902 operations, inline or by path, with a kind/name
 * target). Any other field fails the render: a feature it does not know is not silently skipped.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import jsonPatch, { type Operation } from 'fast-json-patch';
import { parse, parseAllDocuments } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

interface Kustomization {
  resources?: string[];
  namespace?: string;
  images?: Array<{ name: string; newName?: string; newTag?: string; digest?: string }>;
  patches?: Array<{ target: { kind: string; name: string }; patch?: string; path?: string }>;
}

const KNOWN = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images', 'patches']);

/** Every document of a YAML file, as objects. */
export function readManifests(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]!.message}`);
    return doc.toJS() as K8sObject;
  });
}

export function kustomize(dir: string): K8sObject[] {
  const k = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization & Record<string, unknown>;
  const unknown = Object.keys(k).filter((field) => !KNOWN.has(field));
  if (unknown.length) throw new Error(`${dir}/kustomization.yaml: fields this renderer does not know: ${unknown.join(', ')}`);
  const objects = (k.resources ?? []).flatMap((resource) => {
    const path = join(dir, resource);
    if (!existsSync(path)) throw new Error(`${dir}: resource ${resource} does not exist`);
    return statSync(path).isDirectory() ? kustomize(path) : readManifests(path);
  });
  for (const p of k.patches ?? []) {
    const operations = parse(p.patch ?? readFileSync(join(dir, p.path!), 'utf8')) as Operation[];
    const targets = objects.filter((o) => o.kind === p.target.kind && o.metadata.name === p.target.name);
    if (targets.length === 0) throw new Error(`${dir}: a patch targets ${p.target.kind}/${p.target.name}, which no resource is`);
    for (const target of targets) jsonPatch.applyPatch(target, operations, true, true);
  }
  for (const image of k.images ?? []) {
    for (const container of objects.flatMap(containersOf)) {
      const [name, tag] = container.image.split(/:(?=[^/]*$)/);
      if (name === image.name) container.image = `${image.newName ?? name}:${image.newTag ?? tag ?? 'latest'}${image.digest ? `@${image.digest}` : ''}`;
    }
  }
  if (k.namespace) for (const o of objects) o.metadata.namespace = k.namespace;
  return objects;
}

/** The containers of a workload's pod template. */
export function containersOf(o: K8sObject): Array<{ name: string; image: string } & Record<string, unknown>> {
  const spec = (o.spec as { template?: { spec?: { containers?: Array<{ name: string; image: string }> } } } | undefined)?.template?.spec;
  return spec?.containers ?? [];
}
