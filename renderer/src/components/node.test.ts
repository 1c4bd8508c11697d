import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { ComponentNode } from '../../../screens/contract/components.js';
import { Node } from './node.js';
import { REGISTRY } from './registry.js';
import { Unknown } from './unknown/unknown.js';

const drawnBy = (node: unknown) => (Node({ node: node as ComponentNode }) as ReactElement).type;

describe('drawing a node', () => {
  it('draws a contract type with its registered component', () => {
    expect(drawnBy({ type: 'heading', text: 'Olá, Ana' })).toBe(REGISTRY.heading);
  });

  it('hands a type it does not know to the fallback, even one named like an object member', () => {
    expect(drawnBy({ type: 'carousel', fallback: { type: 'text', text: 'x' } })).toBe(Unknown);
    expect(drawnBy({ type: 'toString' })).toBe(Unknown);
    expect(drawnBy({ type: 'constructor' })).toBe(Unknown);
  });
});
