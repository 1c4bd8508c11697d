import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { FlowDefinition, Vocabulary, type FlowBundle } from '../../../screens/contract/flows.js';

export class FlowFormatError extends Error {
  override name = 'FlowFormatError';
}

/** Parses a bundle given as file name → JSON text (from screens/flows/ or from a publish). */
export function parseBundle(files: Record<string, unknown>): FlowBundle {
  const problems: string[] = [];
  let vocabulary: Vocabulary | undefined;
  const definitions: FlowDefinition[] = [];
  for (const [name, content] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const isVocabulary = (content as { kind?: unknown } | null)?.kind === 'vocabulary';
    const parsed = (isVocabulary ? Vocabulary : FlowDefinition).safeParse(content);
    if (!parsed.success) {
      problems.push(`${name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(raiz)'}: ${i.message}`).join('; ')}`);
      continue;
    }
    if (parsed.data.kind === 'vocabulary') vocabulary = parsed.data;
    else definitions.push(parsed.data);
  }
  if (!vocabulary) problems.push('vocabulary.json ausente');
  if (problems.length) throw new FlowFormatError(`Definições de fluxo com formato inválido:\n  - ${problems.join('\n  - ')}`);
  return { vocabulary: vocabulary!, definitions };
}

/** The JSON of every file in a flows directory, by file name. */
export function readFlowFiles(dir: string): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    try {
      files[file] = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (err) {
      throw new FlowFormatError(`${file}: JSON inválido (${(err as Error).message})`);
    }
  }
  return files;
}

/** File name of a definition inside the bundle. */
export function fileNameOf(definition: { id: string } | { kind: 'vocabulary' }): string {
  return 'id' in definition ? `${definition.id}.json` : 'vocabulary.json';
}

/** The bundle back as file name → JSON, as it is stored and published. */
export function bundleFiles(bundle: FlowBundle): Record<string, unknown> {
  const files: Record<string, unknown> = { 'vocabulary.json': bundle.vocabulary };
  for (const definition of bundle.definitions) files[fileNameOf(definition)] = definition;
  return files;
}

export const BundleFiles = z.record(z.string().regex(/^[a-z0-9-]+\.json$/), z.unknown());
