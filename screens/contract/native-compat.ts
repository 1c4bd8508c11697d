/**
 * Breaking changes between two published native contracts: a removed component, action, header or
 * bridge message, a raised minimum renderer version, and, inside any JSON Schema, a removed property,
 * a newly required one, a removed type or enum value, a changed const. Additions are not breaking.
 */
type Json = unknown;
type Obj = Record<string, Json>;

const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: Json): Json[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

function byKey(items: Json, key: string): Map<string, Obj> {
  return new Map(list(items).filter(isObj).map((item) => [String(item[key]), item]));
}

/** A local `#/$defs/Name` reference, resolved against its document (zod names schemas with an id). */
function deref(schema: Json, root: Json, depth = 0): Json {
  if (!isObj(schema) || typeof schema.$ref !== 'string' || depth > 20) return schema;
  const name = schema.$ref.replace(/^#\/\$defs\//, '');
  const defs = isObj(root) && isObj(root.$defs) ? root.$defs : {};
  return name in defs ? deref(defs[name], root, depth + 1) : schema;
}

/** Where `next` accepts less than `previous` (a JSON Schema narrowed), as readable paths. */
export function schemaNarrowings(previousSchema: Json, nextSchema: Json, path: string, roots?: { previous: Json; next: Json }): string[] {
  const r = roots ?? { previous: previousSchema, next: nextSchema };
  const previous = deref(previousSchema, r.previous);
  const next = deref(nextSchema, r.next);
  if (!isObj(previous) || !isObj(next)) return [];
  const out: string[] = [];
  const prevTypes = list(previous.type);
  const nextTypes = list(next.type);
  if (prevTypes.length && nextTypes.length) for (const t of prevTypes) if (!nextTypes.includes(t)) out.push(`${path}: type ${String(t)} removed`);
  if (!prevTypes.length && nextTypes.length && previous.anyOf === undefined && previous.oneOf === undefined) out.push(`${path}: now restricted to ${nextTypes.join('|')}`);
  if (Array.isArray(next.enum)) for (const v of list(previous.enum)) if (!next.enum.includes(v)) out.push(`${path}: value ${JSON.stringify(v)} removed`);
  if (!Array.isArray(previous.enum) && Array.isArray(next.enum) && previous.const === undefined) out.push(`${path}: now an enum`);
  if ('const' in next && JSON.stringify(previous.const) !== JSON.stringify(next.const)) out.push(`${path}: const changed`);
  const prevRequired = list(previous.required);
  for (const r of list(next.required)) if (!prevRequired.includes(r)) out.push(`${path}.${String(r)}: now required`);
  const prevProps = isObj(previous.properties) ? previous.properties : {};
  const nextProps = isObj(next.properties) ? next.properties : {};
  for (const [name, schema] of Object.entries(prevProps)) {
    if (!(name in nextProps)) out.push(`${path}.${name}: removed`);
    else out.push(...schemaNarrowings(schema, nextProps[name], `${path}.${name}`, r));
  }
  if (previous.additionalProperties !== false && next.additionalProperties === false && Object.keys(prevProps).length === 0) out.push(`${path}: no longer open`);
  if (isObj(previous.items)) out.push(...schemaNarrowings(previous.items, next.items, `${path}[]`, r));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const p = list(previous[key]);
    const n = list(next[key]);
    if (p.length && n.length && n.length < p.length) out.push(`${path}: ${key} lost ${p.length - n.length} option(s)`);
  }
  return out;
}

/** Every breaking change from `previous` to `next` (both native-contract.json documents). */
export function breakingChanges(previous: Obj, next: Obj): string[] {
  const out: string[] = [];
  const nextComponents = byKey(next.components, 'type');
  for (const [type, c] of byKey(previous.components, 'type')) {
    const now = nextComponents.get(type);
    if (!now) out.push(`component ${type} removed`);
    else if (String(now.minRendererVersion) !== String(c.minRendererVersion)) out.push(`component ${type}: minimum renderer version ${String(c.minRendererVersion)} → ${String(now.minRendererVersion)}`);
  }
  const nextActions = byKey(next.actions, 'type');
  for (const [type, a] of byKey(previous.actions, 'type')) {
    const now = nextActions.get(type);
    if (!now) out.push(`action ${type} removed`);
    else out.push(...schemaNarrowings(a.schema, now.schema, `action ${type}`));
  }
  const nextHeaders = isObj(next.headers) ? next.headers : {};
  for (const name of Object.keys(isObj(previous.headers) ? previous.headers : {})) if (!(name in nextHeaders)) out.push(`header ${name} removed`);
  const prevBridge = isObj(previous.bridge) ? previous.bridge : {};
  const nextBridge = isObj(next.bridge) ? next.bridge : {};
  for (const key of ['android', 'ios', 'answer', 'timeoutMs']) {
    if (JSON.stringify(prevBridge[key]) !== JSON.stringify(nextBridge[key])) out.push(`bridge ${key} changed`);
  }
  const nextMessages = byKey(nextBridge.messages, 'method');
  for (const [method, m] of byKey(prevBridge.messages, 'method')) {
    const now = nextMessages.get(method);
    if (!now) out.push(`bridge message ${method} removed`);
    else {
      // The renderer sends the payload: the wrapper must keep accepting what it accepted.
      out.push(...schemaNarrowings(m.payload, now.payload, `bridge ${method} payload`));
      // The wrapper sends the answer: a renderer must keep accepting old wrappers' answers.
      out.push(...schemaNarrowings(m.answer, now.answer, `bridge ${method} answer`));
    }
  }
  return out;
}
