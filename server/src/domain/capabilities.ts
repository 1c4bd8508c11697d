import { COMPONENT_TYPES, type ComponentNode, type ComponentType } from '../../../screens/contract/index.js';

/** The component types a client declared it can draw (header value, comma-separated). No header: all of v1. */
export function parseCapabilities(header: string | string[] | undefined): ReadonlySet<ComponentType> {
  if (header === undefined) return new Set(COMPONENT_TYPES);
  const raw = Array.isArray(header) ? header.join(',') : header;
  const known = new Set<string>(COMPONENT_TYPES);
  return new Set(raw.split(',').map((s) => s.trim()).filter((s): s is ComponentType => known.has(s)));
}

/**
 * Replaces every component the client cannot draw by its declared fallback (itself checked),
 * or drops it when it has none — so an old native wrapper keeps working.
 */
export function downgrade(nodes: readonly ComponentNode[], can: ReadonlySet<ComponentType>): ComponentNode[] {
  const out: ComponentNode[] = [];
  for (const node of nodes) {
    const drawn = downgradeOne(node, can);
    if (drawn) out.push(drawn);
  }
  return out;
}

function downgradeOne(node: ComponentNode, can: ReadonlySet<ComponentType>): ComponentNode | null {
  if (!can.has(node.type)) return node.fallback ? downgradeOne(node.fallback, can) : null;
  const { fallback: _unused, ...rest } = node;
  if (rest.type === 'card' || rest.type === 'list') return { ...rest, items: downgrade(rest.items, can) } as ComponentNode;
  return rest as ComponentNode;
}
