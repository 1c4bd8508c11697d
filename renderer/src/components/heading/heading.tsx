import type { ComponentOf } from '../../../../screens/contract/components.js';

const TAGS = ['h1', 'h2', 'h3'] as const;

export function Heading({ node }: { node: ComponentOf<'heading'> }) {
  const Tag = TAGS[(node.level ?? 1) - 1] ?? 'h1';
  return <Tag className="heading">{node.text}</Tag>;
}
