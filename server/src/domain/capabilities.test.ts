import { describe, expect, it } from 'vitest';
import type { ComponentNode } from '../../../screens/contract/index.js';
import { downgrade, parseCapabilities } from './capabilities.js';

const banner: ComponentNode = {
  type: 'banner',
  tone: 'warning',
  text: 'Manutenção hoje',
  fallback: { type: 'text', text: 'Manutenção hoje' },
};

describe('capability downgrade', () => {
  it('sends the declared fallback to a client that cannot draw the component', () => {
    expect(downgrade([banner], parseCapabilities('text,heading'))).toEqual([{ type: 'text', text: 'Manutenção hoje' }]);
  });

  it('sends the component itself, without its fallback, to a client that can draw it', () => {
    expect(downgrade([banner], parseCapabilities('banner,text'))).toEqual([{ type: 'banner', tone: 'warning', text: 'Manutenção hoje' }]);
  });

  it('drops a component with no fallback the client cannot draw, also inside a card', () => {
    const card: ComponentNode = { type: 'card', items: [{ type: 'stepper', steps: [] }, { type: 'text', text: 'ok' }] };
    expect(downgrade([card], parseCapabilities('card,text'))).toEqual([{ type: 'card', items: [{ type: 'text', text: 'ok' }] }]);
  });

  it('treats a client without the header as drawing everything in v1, and ignores unknown names', () => {
    expect(parseCapabilities(undefined).has('form')).toBe(true);
    expect([...parseCapabilities('text, hologram')]).toEqual(['text']);
  });
});
