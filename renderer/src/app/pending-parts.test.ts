import { describe, expect, it } from 'vitest';
import type { ComponentNode } from '../../../screens/contract/components.js';
import { holdsPending, withoutPending } from './pending-parts.js';

const pending: ComponentNode = { type: 'pending', id: 'pendente-proximo-boleto', label: 'Carregando o próximo boleto…', variant: 'card' };
const heading: ComponentNode = { type: 'heading', text: 'Olá, Ana' };

describe('a screen with a part still on its way', () => {
  it('is one whose layout holds a pending node, at any depth', () => {
    expect(holdsPending([heading])).toBe(false);
    expect(holdsPending([heading, pending])).toBe(true);
    expect(holdsPending([{ type: 'group', items: [{ type: 'card', title: 'Cota', items: [pending] }] }])).toBe(true);
  });

  it('keeps everything else when its placeholders go (the follow-up found no answer)', () => {
    expect(withoutPending([heading, pending, { type: 'card', title: 'Cota', items: [pending, heading] }])).toEqual([heading, { type: 'card', title: 'Cota', items: [heading] }]);
  });
});
