import { useEffect } from 'react';
import type { ComponentNode } from '../../../../screens/contract/components.js';
import { Node } from '../node.js';

/**
 * A component this renderer cannot draw (a newer server, or a document not downgraded for our
 * capabilities): its declared fallback, or nothing; a warning tells developers.
 */
export function Unknown({ node }: { node: { type: string; fallback?: ComponentNode | undefined } }) {
  useEffect(() => {
    console.warn(`renderer: unknown component type "${node.type}"${node.fallback ? ', drawing its fallback' : ''}`);
  }, [node.type, node.fallback]);
  return node.fallback ? <Node node={node.fallback} /> : null;
}
