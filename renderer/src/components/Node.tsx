import type { ComponentNode } from '../../../screens/contract/components.js';
import { REGISTRY } from './registry.js';

/** Draws one node through the registry; a type this renderer does not know draws its fallback, or nothing. */
export function Node({ node }: { node: ComponentNode }) {
  const Draw = REGISTRY[node.type] as ((props: { node: ComponentNode }) => React.ReactNode) | undefined;
  if (Draw) return <Draw node={node} />;
  return node.fallback ? <Node node={node.fallback} /> : null;
}

export function Nodes({ nodes }: { nodes: readonly ComponentNode[] }) {
  return nodes.map((node, i) => <Node key={node.id ?? `${node.type}-${i}`} node={node} />);
}
