import type { ComponentOf } from '../../../../screens/contract/components.js';

export function Image({ node }: { node: ComponentOf<'image'> }) {
  return <img className="image" src={node.src} alt={node.alt} />;
}
