import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Endpoint } from '../../back-office/index.js';
import { jsonSchemaOf } from '../../server/src/capabilities/contract/back-office-openapi.js';

/** One way an answer differs from the declared contract, at a path inside the JSON. */
export interface Drift {
  kind: 'campo ausente' | 'campo inesperado' | 'tipo errado' | 'valor fora do contrato';
  /** Inside the answer: `data[0].nome`; the answer itself is `(raiz)`. */
  path: string;
  detail: string;
}

type Schema = Record<string, unknown> & {
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  patternProperties?: Record<string, Schema>;
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  $defs?: Record<string, Schema>;
};

const ajv = new Ajv2020({ allErrors: true, strict: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const compiled = new WeakMap<object, { schema: Schema; validate: ValidateFunction }>();

function compiledOf(e: Endpoint) {
  let hit = compiled.get(e);
  if (!hit) {
    const schema = jsonSchemaOf(e.answer) as Schema;
    hit = { schema, validate: ajv.compile(schema) };
    compiled.set(e, hit);
  }
  return hit;
}

/** A JSON pointer (`/data/0/nome`) as a person reads it (`data[0].nome`). */
export function readablePath(pointer: string): string {
  if (!pointer) return '(raiz)';
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, s) => (/^\d+$/.test(s) ? `${out}[${s}]` : out ? `${out}.${s}` : s), '');
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function at(data: unknown, pointer: string): unknown {
  let node = data;
  for (const s of pointer.split('/').slice(1)) node = (node as Record<string, unknown> | undefined)?.[s.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

/** Statuses and other short codes are named (a new status is the drift to see); personal data never is. */
const shown = (value: unknown) => (typeof value === 'string' && /^[A-Z0-9_ -]{1,40}$/i.test(value) && !/\d{5,}/.test(value) ? ` (recebido "${value}")` : ` (recebido ${typeName(value)})`);

function fromAjv(error: ErrorObject, data: unknown): Drift {
  const path = error.instancePath;
  switch (error.keyword) {
    case 'required':
      return { kind: 'campo ausente', path: readablePath(`${path}/${(error.params as { missingProperty: string }).missingProperty}`), detail: 'obrigatório no contrato' };
    case 'type':
      return { kind: 'tipo errado', path: readablePath(path), detail: `esperado ${String((error.params as { type: unknown }).type)}, recebido ${typeName(at(data, path))}` };
    case 'enum':
      return { kind: 'valor fora do contrato', path: readablePath(path), detail: `aceitos: ${((error.params as { allowedValues: unknown[] }).allowedValues ?? []).join(', ')}${shown(at(data, path))}` };
    case 'const':
      return { kind: 'valor fora do contrato', path: readablePath(path), detail: `aceito: ${String((error.params as { allowedValue: unknown }).allowedValue)}${shown(at(data, path))}` };
    case 'anyOf':
    case 'oneOf':
      return { kind: 'tipo errado', path: readablePath(path), detail: `não tem nenhuma das formas aceitas (recebido ${typeName(at(data, path))})` };
    default:
      return { kind: 'valor fora do contrato', path: readablePath(path), detail: `${error.keyword}: ${error.message ?? ''}`.trim() };
  }
}

function resolve(root: Schema, schema: Schema): Schema {
  if (!schema.$ref?.startsWith('#/$defs/')) return schema;
  return root.$defs?.[schema.$ref.slice('#/$defs/'.length)] ?? schema;
}

function matches(root: Schema, branch: Schema, data: unknown): boolean {
  try {
    return ajv.validate({ ...branch, $defs: root.$defs }, data) as boolean;
  } catch {
    return false;
  }
}

/** Fields the answer has and the contract does not declare (the server ignores them; the back office may have renamed one). */
function unexpected(root: Schema, node: Schema, data: unknown, pointer: string, out: Drift[]): void {
  const schema = resolve(root, node);
  for (const branch of schema.allOf ?? []) unexpected(root, branch, data, pointer, out);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const chosen = choices.find((b) => matches(root, b, data));
    if (chosen) unexpected(root, chosen, data, pointer, out);
    return;
  }
  if (Array.isArray(data)) {
    data.forEach((item, i) => {
      const itemSchema = schema.prefixItems?.[i] ?? schema.items;
      if (itemSchema && typeof itemSchema === 'object') unexpected(root, itemSchema, item, `${pointer}/${i}`, out);
    });
    return;
  }
  if (typeof data !== 'object' || data === null || !schema.properties) return;
  for (const [key, value] of Object.entries(data)) {
    const declared = schema.properties[key];
    const child = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (declared) unexpected(root, declared, value, child, out);
    else if (typeof schema.additionalProperties === 'object') unexpected(root, schema.additionalProperties, value, child, out);
    else if (schema.additionalProperties !== true && !schema.patternProperties) out.push({ kind: 'campo inesperado', path: readablePath(child), detail: `não declarado (${typeName(value)})` });
  }
}

/**
 * How an answer differs from what the server accepts: missing fields, wrong types, values outside
 * the contract (what would make the screen fail), and fields nobody declared (what the back office
 * added or renamed). Empty when the answer is exactly the contract.
 */
export function driftOf(e: Endpoint, data: unknown): Drift[] {
  const { schema, validate } = compiledOf(e);
  const found: Drift[] = [];
  if (!validate(data)) {
    const errors = validate.errors ?? [];
    // Inside a union, only the union's own failure is named (each branch's complaints are noise).
    const unions = errors.filter((err) => err.keyword === 'anyOf' || err.keyword === 'oneOf').map((err) => err.schemaPath);
    for (const err of errors) if (!unions.some((u) => err.schemaPath !== u && err.schemaPath.startsWith(u.replace(/\/(anyOf|oneOf)$/, '/$1/')))) found.push(fromAjv(err, data));
  }
  unexpected(schema, schema, data, '', found);
  const seen = new Set<string>();
  return found.filter((d) => {
    const key = `${d.kind}|${d.path}|${d.detail}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
