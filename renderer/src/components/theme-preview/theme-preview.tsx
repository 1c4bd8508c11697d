import type { CSSProperties } from 'react';
import type { ComponentOf } from '../../../../screens/contract/components.js';
import { cssVariableName } from '../../lib/theme.js';
import { Nodes } from '../node.js';

/** Its children in another theme: the tokens become CSS variables on this section only (set through the CSSOM). */
export function ThemePreview({ node }: { node: ComponentOf<'theme-preview'> }) {
  const style = Object.fromEntries(Object.entries(node.theme).map(([token, value]) => [cssVariableName(token), value])) as CSSProperties;
  return (
    <section className="theme-preview" aria-label={node.label} style={style}>
      <h2 className="theme-preview-title">{node.label}</h2>
      {node.readOnly ? (
        // Read-only: every control disabled, nothing pressed; the words stay readable by assistive technology.
        <fieldset disabled className="theme-preview-inert">
          <Nodes nodes={node.items} />
        </fieldset>
      ) : (
        <Nodes nodes={node.items} />
      )}
    </section>
  );
}
