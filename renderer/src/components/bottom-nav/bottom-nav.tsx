import type { ComponentOf } from '../../../../screens/contract/components.js';
import { ActionLink } from '../action-link.js';
import { Icon } from '../icon/icon.js';

/** The main sections: a bar fixed at the bottom on narrow screens, a row of links on wide ones. */
export function BottomNav({ node }: { node: ComponentOf<'bottom-nav'> }) {
  return (
    <nav className="bottom-nav" aria-label={node.label}>
      <ul>
        {node.links.map((link, i) => (
          <li key={i}>
            <ActionLink className={`bottom-nav-link${link.current ? ' is-current' : ''}`} action={link.action} current={link.current}>
              <Icon name={link.icon} size={22} />
              <span>{link.label}</span>
            </ActionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
