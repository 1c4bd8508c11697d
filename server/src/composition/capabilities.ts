import { boundedMemo } from '../lib/bounded-memo.js';
import { SharedNodeMemo } from './shared-nodes.js';
import { COMPONENT_SINCE, COMPONENT_TYPES, CONTAINER_TYPES, DEFAULT_FALLBACK, fallbackOf, sameOrNew, type ComponentNode, type ComponentType } from '../../../screens/contract/index.js';

/** 1.10.0 > 1.9.2: numeric comparison of dotted versions (missing parts are 0). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * The component types a client can draw: the list it declared (comma-separated header, else every
 * type), less those newer than its declared renderer version (COMPONENT_SINCE) — so a client that
 * sends only its version gets the components up to that version.
 */
export function parseCapabilities(header: string | string[] | undefined, version?: string | string[]): ReadonlySet<ComponentType> {
  // A client sends the same two headers on every request: the answer is kept for the pair.
  const key = `${Array.isArray(header) ? header.join(',') : (header ?? '\0all')}\n${Array.isArray(version) ? version[0] : (version ?? '')}`;
  return parsed(key, () => parse(header, version));
}

/** Parsed header pairs, 256 kept (clients in service send few distinct ones). */
const parsed = boundedMemo<string, ReadonlySet<ComponentType>>(256);

function parse(header: string | string[] | undefined, version?: string | string[]): ReadonlySet<ComponentType> {
  const known = new Set<string>(COMPONENT_TYPES);
  const raw = header === undefined ? COMPONENT_TYPES.join(',') : Array.isArray(header) ? header.join(',') : header;
  const declared = raw.split(',').map((s) => s.trim()).filter((s): s is ComponentType => known.has(s));
  const v = Array.isArray(version) ? version[0] : version;
  return new Set(declared.filter((type) => !v || compareVersions(COMPONENT_SINCE[type], v) <= 0));
}

/**
 * Replaces every component the client cannot draw by its fallback (declared on the node, else
 * the one the contract derives; itself checked), or drops it when there is none — so an old
 * native wrapper keeps working.
 */
export function downgrade(nodes: readonly ComponentNode[], can: ReadonlySet<ComponentType>): ComponentNode[] {
  return sameOrNew(nodes, nodes.flatMap(downgraderFor(can)));
}

const downgraders = new WeakMap<ReadonlySet<ComponentType>, (node: ComponentNode) => ComponentNode[]>();

/** One node downgraded for a set of types; each shared layout node once per set (sets are kept per header pair). */
function downgraderFor(can: ReadonlySet<ComponentType>): (node: ComponentNode) => ComponentNode[] {
  let one = downgraders.get(can);
  if (!one) {
    const memo = new SharedNodeMemo<ComponentNode, ComponentNode[]>();
    const make = (node: ComponentNode) => downgradeNode(node, can);
    one = (node) => memo.get(node, make);
    downgraders.set(can, one);
  }
  return one;
}

function downgradeNode(node: ComponentNode, can: ReadonlySet<ComponentType>): ComponentNode[] {
  if (!can.has(node.type)) {
    const fallback = fallbackOf(node);
    return fallback ? downgraderFor(can)(fallback) : defaultFallback(node, can);
  }
  const items = CONTAINER_TYPES.has(node.type) && 'items' in node ? downgrade(node.items, can) : undefined;
  if (!('fallback' in node) && (items === undefined || items === (node as { items: unknown }).items)) return [node];
  const { fallback: _unused, ...rest } = node;
  return [(items ? { ...rest, items } : rest) as ComponentNode];
}

/** A v1.0 type's default fallback (DEFAULT_FALLBACK): a text of its fields, its children, or nothing. */
function defaultFallback(node: ComponentNode, can: ReadonlySet<ComponentType>): ComponentNode[] {
  const rule = DEFAULT_FALLBACK[node.type];
  if (rule.kind === 'children') return 'items' in node ? downgrade(node.items, can) : [];
  if (rule.kind !== 'text' || !can.has('text')) return [];
  const fields = node as unknown as Record<string, unknown>;
  const text = rule.from.map((field) => fields[field]).filter((v): v is string => typeof v === 'string' && v !== '').join(': ');
  return text ? [{ type: 'text', text }] : [];
}
