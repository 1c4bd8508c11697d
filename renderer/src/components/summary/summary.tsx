import type { ComponentOf } from '../../../../screens/contract/components.js';
import { ActionButton } from '../action-button.js';
import { StatusPill } from '../status-pill/status-pill.js';

/** A card led by one figure (e.g. the next slip's value), its caption, a status and up to two actions. */
export function Summary({ node }: { node: ComponentOf<'summary'> }) {
  return (
    <section className="card summary">
      <div className="summary-head">
        <h2 className="summary-title">{node.title}</h2>
        {node.status && <StatusPill node={node.status} />}
      </div>
      <p className="summary-figure">{node.figure}</p>
      {node.caption && <p className="summary-caption">{node.caption}</p>}
      {(node.action || node.secondaryAction) && (
        <div className="summary-actions">
          {node.action && <ActionButton label={node.action.label} accessibleName={node.action.accessibleName} action={node.action.action} />}
          {node.secondaryAction && <ActionButton label={node.secondaryAction.label} accessibleName={node.secondaryAction.accessibleName} action={node.secondaryAction.action} variant="secondary" />}
        </div>
      )}
    </section>
  );
}
