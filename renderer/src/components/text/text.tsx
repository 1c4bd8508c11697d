import type { ComponentOf } from '../../../../screens/contract/components.js';

export function Text({ node }: { node: ComponentOf<'text'> }) {
  return <p className={`text tone-${node.tone ?? 'neutral'}`}>{node.text}</p>;
}
