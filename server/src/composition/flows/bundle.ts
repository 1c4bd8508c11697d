import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { FlowDefinition, TextsDefinition, ThemeDefinition, Vocabulary, type FlowBundle } from '../../../../screens/contract/flows.js';

export class FlowFormatError extends Error {
  override name = 'FlowFormatError';
}

/** Parses a bundle given as file name → JSON text (from screens/flows/ or from a publish). */
export function parseBundle(files: Record<string, unknown>): FlowBundle {
  const problems: string[] = [];
  let vocabulary: Vocabulary | undefined;
  let texts: Record<string, string> | undefined;
  const themes: ThemeDefinition[] = [];
  const definitions: FlowDefinition[] = [];
  for (const [name, content] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const kind = (content as { kind?: unknown } | null)?.kind;
    const schema = kind === 'vocabulary' ? Vocabulary : kind === 'texts' ? TextsDefinition : kind === 'theme' ? ThemeDefinition : FlowDefinition;
    const parsed = (schema as z.ZodType<Vocabulary | TextsDefinition | ThemeDefinition | FlowDefinition>).safeParse(content);
    if (!parsed.success) {
      problems.push(`${name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(raiz)'}: ${i.message}`).join('; ')}`);
      continue;
    }
    if (parsed.data.kind === 'vocabulary') vocabulary = parsed.data;
    else if (parsed.data.kind === 'texts') texts = parsed.data.texts;
    else if (parsed.data.kind === 'theme') themes.push(parsed.data);
    else definitions.push(parsed.data);
  }
  if (!vocabulary) problems.push('vocabulary.json ausente');
  if (problems.length) throw new FlowFormatError(`Definições de fluxo com formato inválido:\n  - ${problems.join('\n  - ')}`);
  return { vocabulary: vocabulary!, definitions, ...(texts ? { texts } : {}), ...(themes.length ? { themes } : {}) };
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
export function fileNameOf(definition: { id: string } | { kind: 'vocabulary' | 'texts' }): string {
  if ('kind' in definition && definition.kind === 'texts') return 'texts.json';
  return 'id' in definition ? `${definition.id}.json` : 'vocabulary.json';
}

/** The texts as the bundle file `texts.json`. */
export const textsFile = (texts: Record<string, string>): TextsDefinition => ({ kind: 'texts', locale: 'pt-BR', texts });

/** The bundle back as file name → JSON, as it is stored and published. */
export function bundleFiles(bundle: FlowBundle): Record<string, unknown> {
  const files: Record<string, unknown> = { 'vocabulary.json': bundle.vocabulary };
  for (const definition of bundle.definitions) files[fileNameOf(definition)] = definition;
  if (bundle.texts) files['texts.json'] = textsFile(bundle.texts);
  for (const theme of bundle.themes ?? []) files[`${theme.id}.json`] = theme;
  return files;
}

export const BundleFiles = z.record(z.string().regex(/^[a-z0-9-]+\.json$/), z.unknown());
