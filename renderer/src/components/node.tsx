import type { ComponentNode } from '../../../screens/contract/components.js';
import { REGISTRY } from './registry.js';
import { Unknown } from './unknown/unknown.js';

type AnyDrawer = (props: { node: ComponentNode }) => React.ReactNode;

/** Draws one node through the registry; a type the registry lacks goes to the fallback. */
export function Node({ node }: { node: ComponentNode }) {
  // Own keys only: a type named like an Object.prototype member is still unknown.
  const Draw = Object.hasOwn(REGISTRY, node.type) ? (REGISTRY as Record<string, AnyDrawer>)[node.type] : undefined;
  return Draw ? <Draw node={node} /> : <Unknown node={node} />;
}

export function Nodes({ nodes }: { nodes: readonly ComponentNode[] }) {
  return nodes.map((node, i) => <Node key={node.id ?? `${node.type}-${i}`} node={node} />);
}
