import type { ComponentOf } from '../../../../screens/contract/components.js';

/** A short status in a pill coloured by its tone (the text carries the meaning, not the colour). */
export function StatusPill({ node }: { node: Pick<ComponentOf<'status-pill'>, 'tone' | 'text'> }) {
  return <span className={`status-pill tone-${node.tone}`}>{node.text}</span>;
}
