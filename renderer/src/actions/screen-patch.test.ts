import { describe, expect, it } from 'vitest';
import type { ComponentNode } from '../../../screens/contract/components.js';
import { applyOverrides } from './screen-patch.js';

describe('optimistic screen patches', () => {
  const layout: ComponentNode[] = [
    { type: 'heading', text: 'Pergunta' },
    { type: 'card', id: 'c', items: [{ type: 'button', id: 'feedback', label: 'Sim', action: { type: 'dismiss' } }] },
  ];

  it('replaces a component by id at any depth and leaves the rest alone', () => {
    const done = applyOverrides(layout, { feedback: { type: 'text', id: 'feedback', text: 'Obrigado!' } });
    expect(done[0]).toBe(layout[0]);
    expect(done[1]).toEqual({ type: 'card', id: 'c', items: [{ type: 'text', id: 'feedback', text: 'Obrigado!' }] });
  });

  it('draws the document as sent when nothing is patched (the undo of a failed action)', () => {
    expect(applyOverrides(layout, {})).toEqual(layout);
  });
});
