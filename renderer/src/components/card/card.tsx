import type { ComponentOf } from '../../../../screens/contract/components.js';
import { ActionButton } from '../action-button.js';
import { Nodes } from '../node.js';

/** A titled group of children, with at most one action drawn as a button named by its label. */
export function Card({ node }: { node: ComponentOf<'card'> }) {
  return (
    <section className="card">
      {node.title && <h2 className="card-title">{node.title}</h2>}
      {node.subtitle && <p className="card-subtitle">{node.subtitle}</p>}
      <Nodes nodes={node.items} />
      {node.action && (
        <div className="card-actions">
          <ActionButton label={node.action.label} accessibleName={node.action.accessibleName} action={node.action.action} />
        </div>
      )}
    </section>
  );
}
