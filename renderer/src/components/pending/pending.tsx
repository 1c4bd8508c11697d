import type { ComponentOf } from '../../../../screens/contract/components.js';
import { Skeleton } from '../skeleton/skeleton.js';

/** A part still on its way: the shape of what will come, announced by its label (the screen page asks for the part). */
export function Pending({ node }: { node: ComponentOf<'pending'> }) {
  return <Skeleton node={node} />;
}
