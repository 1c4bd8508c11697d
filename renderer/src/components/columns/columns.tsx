import type { ComponentOf } from '../../../../screens/contract/components.js';
import { Nodes } from '../node.js';

/**
 * Children side by side on a wide screen, one under the other on a narrow one (CSS decides, so the
 * server's first paint already has the layout). `sidebar`: a narrow first column; `even`: equal ones.
 */
export function Columns({ node }: { node: ComponentOf<'columns'> }) {
  return (
    <div className={`columns columns-${node.variant ?? 'even'}`}>
      <Nodes nodes={node.items} />
    </div>
  );
}
