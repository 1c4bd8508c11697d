import type { ComponentOf } from '../../../../screens/contract/components.js';
import { Nodes } from '../node.js';

/** Children as one block, one under the other; a labelled group is a region named by its label. */
export function Group({ node }: { node: ComponentOf<'group'> }) {
  return node.label ? (
    <section className="group" aria-label={node.label}>
      <Nodes nodes={node.items} />
    </section>
  ) : (
    <div className="group">
      <Nodes nodes={node.items} />
    </div>
  );
}
