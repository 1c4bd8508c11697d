import { BreakableText } from '../value/breakable-text.js';
import type { ComponentOf } from '../../../../screens/contract/components.js';

export function KeyValue({ node }: { node: ComponentOf<'key-value'> }) {
  return (
    <dl className="key-value">
      {node.rows.map((row, i) => (
        <div key={i} className="key-value-row">
          <dt>{row.label}</dt>
          <dd>
            <BreakableText text={row.text} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
