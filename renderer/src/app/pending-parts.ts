import { useEffect, useRef } from 'react';
import type { ComponentNode } from '../../../screens/contract/components.js';
import type { ScreenResponse } from '../../../screens/contract/screen.js';
import { fetchScreen } from '../lib/api.js';

const childrenOf = (node: ComponentNode): readonly ComponentNode[] | null => ('items' in node && Array.isArray(node.items) ? node.items : null);

/** Whether a layout holds a `pending` node, at any depth. */
export function holdsPending(nodes: readonly ComponentNode[]): boolean {
  return nodes.some((node) => node.type === 'pending' || holdsPending(childrenOf(node) ?? []));
}

/** The layout without its `pending` nodes: what the screen shows when the follow-up found no answer. */
export function withoutPending(nodes: readonly ComponentNode[]): ComponentNode[] {
  return nodes.filter((node) => node.type !== 'pending').map((node) => {
    const items = childrenOf(node);
    return items ? ({ ...node, items: withoutPending(items) } as ComponentNode) : node;
  });
}

/**
 * A screen drawn with a part pending (the back office had not answered it within its budget) is
 * asked for once more, the server told to wait for its parts; the answer takes the document's
 * place, with the part. Once per document: the follow-up's answer holds no `pending` node. When
 * the follow-up gets no answer, the placeholders go and the rest stays.
 */
export function usePendingParts(data: ScreenResponse | undefined, path: string, replace: (next: ScreenResponse) => void): void {
  const asked = useRef(new WeakSet<object>());
  // The answer replaces the document it was asked for, never one that came since (or another page's).
  const shown = useRef(data);
  shown.current = data;
  const replaceRef = useRef(replace);
  replaceRef.current = replace;
  useEffect(() => {
    if (data?.kind !== 'screen' || asked.current.has(data) || !holdsPending(data.layout)) return;
    asked.current.add(data);
    const settle = (next: ScreenResponse) => {
      if (shown.current === data) replaceRef.current(next);
    };
    fetchScreen(path, { waitForParts: true }).then(settle, () => settle({ ...data, layout: withoutPending(data.layout) }));
  }, [data, path]);
}
