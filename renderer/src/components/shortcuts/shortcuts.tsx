import type { ComponentOf } from '../../../../screens/contract/components.js';
import { ActionLink } from '../action-link.js';
import { Icon } from '../icon/icon.js';

/** A grid of shortcuts: icon over label, each a link to its screen. */
export function Shortcuts({ node }: { node: ComponentOf<'shortcuts'> }) {
  return (
    <nav className="shortcuts" aria-label={node.label}>
      <h2 className="section-title">{node.label}</h2>
      <ul className="shortcuts-grid">
        {node.links.map((link, i) => (
          <li key={link.id ?? i}>
            <ActionLink className="shortcut" action={link.action}>
              <span className="shortcut-icon">
                <Icon name={link.icon} />
              </span>
              <span className="shortcut-label">{link.label}</span>
            </ActionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
