import type { ComponentOf } from '../../../../screens/contract/components.js';
import { Node } from '../node.js';

export function List({ node }: { node: ComponentOf<'list'> }) {
  if (node.items.length === 0) return node.emptyText ? <p className="text list-empty">{node.emptyText}</p> : null;
  return (
    <ul className="list" aria-label={node.label}>
      {node.items.map((item, i) => (
        <li key={item.id ?? i}>
          <Node node={item} />
        </li>
      ))}
    </ul>
  );
}
