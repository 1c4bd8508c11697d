import { describe, expect, it } from 'vitest';
import { circles, folderGraph } from './import-graph.js';

/**
 * The rooms of the house import one way: a folder of files never imports, through any chain, a
 * folder that imports it back. The one circle allowed is the renderer's recursive registry: a
 * component that draws child nodes (card, list, group …) imports `Node`, which draws any component
 * through the registry.
 */
const ROOTS = ['server/src', 'renderer/src', 'sandbox/src', 'screens', 'back-office', 'scripts', 'bench'];
const RECURSION_POINT = 'renderer/src/components/node.tsx';

describe('imports between folders', () => {
  const graph = folderGraph(ROOTS);

  it('make no circle once the registry recursion (imports of Node) is set aside', () => {
    const withoutRecursion = new Map([...graph].map(([room, targets]) => [room, new Set([...targets].filter((t) => t !== RECURSION_POINT))]));
    expect(circles(withoutRecursion)).toEqual([]);
  });

  it('make the registry recursion the renderer’s only circle, through Node', () => {
    const found = circles(graph);
    expect(found).toHaveLength(1);
    expect(found[0]).toEqual(expect.arrayContaining([RECURSION_POINT, 'renderer/src/components/registry.ts']));
    expect(found[0]!.every((room) => room.startsWith('renderer/src/components/'))).toBe(true);
  });

  it('see the back-office client, the composition engine and the security rules as rooms of their own', () => {
    expect([...graph.keys()]).toEqual(expect.arrayContaining(['server/src/upstream', 'server/src/composition/flows', 'server/src/security', 'back-office']));
  });
});
