import type { ComponentOf } from '../../../../screens/contract/components.js';
import { ActionButton } from '../action-button.js';
import { Icon } from '../icon/icon.js';

/** Nothing to show: an icon, a title, a line of text and, when there is one, the way forward. */
export function EmptyState({ node }: { node: ComponentOf<'empty-state'> }) {
  return (
    <section className="empty-state" role="status">
      <span className="empty-state-icon">
        <Icon name={node.icon ?? 'inbox'} size={40} />
      </span>
      <h2 className="empty-state-title">{node.title}</h2>
      {node.text && <p className="empty-state-text">{node.text}</p>}
      {node.action && <ActionButton label={node.action.label} accessibleName={node.action.accessibleName} action={node.action.action} variant="secondary" />}
    </section>
  );
}
