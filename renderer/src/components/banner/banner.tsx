import type { ComponentOf } from '../../../../screens/contract/components.js';
import { ActionButton } from '../action-button.js';

export function Banner({ node }: { node: ComponentOf<'banner'> }) {
  const urgent = node.tone === 'danger' || node.tone === 'warning';
  return (
    <div className={`banner tone-${node.tone}`} role={urgent ? 'alert' : 'status'}>
      <p>{node.text}</p>
      {node.action && <ActionButton label={node.action.label} accessibleName={node.action.accessibleName} action={node.action.action} variant="link" />}
    </div>
  );
}
