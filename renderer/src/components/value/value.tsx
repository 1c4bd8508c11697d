import { BreakableText } from './breakable-text.js';
import type { ComponentOf } from '../../../../screens/contract/components.js';

/** A label and a value the server already formatted (money, dates, documents). */
export function Value({ node }: { node: ComponentOf<'value'> }) {
  return (
    <div className={node.emphasis ? 'value value-emphasis' : 'value'}>
      <span className="value-label">{node.label}</span>
      <span className="value-text">
        <BreakableText text={node.text} />
      </span>
    </div>
  );
}
