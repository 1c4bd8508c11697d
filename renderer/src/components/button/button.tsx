import type { ComponentOf } from '../../../../screens/contract/components.js';
import { ActionButton } from '../action-button.js';

export function Button({ node }: { node: ComponentOf<'button'> }) {
  return <ActionButton label={node.label} accessibleName={node.accessibleName} action={node.action} variant={node.variant} countdown={node.countdown} />;
}
