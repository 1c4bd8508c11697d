import type { ComponentOf } from '../../../../screens/contract/components.js';
import { ActionLink } from '../action-link.js';

/** An area's sections as links; the current one is marked for assistive technology and drawn apart. */
export function Nav({ node }: { node: ComponentOf<'nav'> }) {
  return (
    <nav className="nav" aria-label={node.label}>
      <ul className="nav-list">
        {node.links.map((link, i) => (
          <li key={i}>
            <ActionLink className={`nav-link${link.current ? ' is-current' : ''}`} action={link.action} current={link.current}>
              {link.label}
            </ActionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
