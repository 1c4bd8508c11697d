import { createContext, useContext } from 'react';
import type { ComponentNode } from '../../../screens/contract/components.js';
import type { ScreenPatch } from './context.js';

/** The current screen's patcher (optimistic submits); null outside a screen (e.g. in a modal of no screen). */
export const ScreenPatchContext = createContext<ScreenPatch | null>(null);

export const useScreenPatch = (): ScreenPatch | null => useContext(ScreenPatchContext);

/** The layout with every component whose id has an override replaced by it, at any depth. */
export function applyOverrides(nodes: readonly ComponentNode[], overrides: Readonly<Record<string, ComponentNode>>): ComponentNode[] {
  if (Object.keys(overrides).length === 0) return [...nodes];
  return nodes.map((node) => {
    const replaced = node.id !== undefined ? overrides[node.id] : undefined;
    if (replaced) return replaced;
    if ('items' in node && Array.isArray(node.items)) return { ...node, items: applyOverrides(node.items, overrides) } as ComponentNode;
    return node;
  });
}
