import { describe, expect, it } from 'vitest';
import type { ComponentNode } from '../../../screens/contract/index.js';
import { compareVersions, downgrade, parseCapabilities } from './capabilities.js';
import { deepFreeze } from './shared-nodes.js';

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

  it('downgrades a shared (frozen) layout node once per set of types, and a request’s own node every time', () => {
    const shared = deepFreeze<ComponentNode>({ type: 'card', items: [{ ...banner }, { type: 'text', text: 'ok' }] });
    const old = parseCapabilities('card,text');
    const first = downgrade([shared], old);
    expect(first).toEqual([{ type: 'card', items: [{ type: 'text', text: 'Manutenção hoje' }, { type: 'text', text: 'ok' }] }]);
    expect(downgrade([shared], old)[0]).toBe(first[0]);
    expect(Object.isFrozen(first[0])).toBe(true);
    // Another client's types: its own result.
    expect(downgrade([shared], parseCapabilities('card,banner,text'))).toEqual([{ type: 'card', items: [{ type: 'banner', tone: 'warning', text: 'Manutenção hoje' }, { type: 'text', text: 'ok' }] }]);
    const own: ComponentNode = { type: 'card', items: [{ ...banner }] };
    expect(downgrade([own], old)[0]).not.toBe(downgrade([own], old)[0]);
  });

  it('draws a data table for a client without it as cards, each row’s actions as link buttons named as before', () => {
    const table: ComponentNode = {
      type: 'data-table',
      caption: 'Pedidos',
      columns: ['Pedido', 'Situação'],
      actionsColumn: 'Ações',
      rows: [{ id: 'pedido-3', cells: ['#3', 'agendado'], actions: [{ label: 'Aprovar', accessibleName: 'Aprovar o pedido #3', action: { type: 'submit', action: 'ops/aprovar', payload: { pedido: 3 } } }] }],
    };
    expect(downgrade([table], parseCapabilities('list,card,button,text'))).toEqual([
      {
        type: 'list',
        label: 'Pedidos',
        items: [
          {
            type: 'card',
            id: 'pedido-3',
            title: '#3',
            subtitle: 'Situação: agendado',
            items: [{ type: 'button', label: 'Aprovar', accessibleName: 'Aprovar o pedido #3', variant: 'link', action: { type: 'submit', action: 'ops/aprovar', payload: { pedido: 3 } } }],
          },
        ],
      },
    ]);
  });

  it('drops a component with no fallback the client cannot draw, also inside a card', () => {
    const card: ComponentNode = { type: 'card', items: [{ type: 'stepper', steps: [] }, { type: 'text', text: 'ok' }] };
    expect(downgrade([card], parseCapabilities('card,text'))).toEqual([{ type: 'card', items: [{ type: 'text', text: 'ok' }] }]);
  });

  it('treats a client without the header as drawing everything in v1, and ignores unknown names', () => {
    expect(parseCapabilities(undefined).has('form')).toBe(true);
    expect([...parseCapabilities('text, hologram')]).toEqual(['text']);
  });

  it('draws a conversation only for a renderer of version 1.1.0 or later, else its fallback', () => {
    const chat = {
      type: 'conversation',
      label: 'Conversa',
      messages: [],
      composer: { label: 'Sua mensagem', sendLabel: 'Enviar', maxLength: 2000 },
      typingText: 'Digitando…',
      send: { action: 'assistant/message' },
      failure: { text: 'Falhou', retryLabel: 'Tentar novamente' },
      fallback: { type: 'text', text: 'Atualize o aplicativo para conversar.' },
    } as ComponentNode;
    expect(downgrade([chat], parseCapabilities('conversation,text', '1.0.0'))).toEqual([{ type: 'text', text: 'Atualize o aplicativo para conversar.' }]);
    expect(downgrade([chat], parseCapabilities('conversation,text', '1.1.0'))[0]?.type).toBe('conversation');
    expect(downgrade([chat], parseCapabilities('conversation,text', '1.10.0'))[0]?.type).toBe('conversation');
  });
});

describe('components newer than the client', () => {
  const pill: ComponentNode = { type: 'status-pill', tone: 'success', text: 'Pago' };
  const chips: ComponentNode = {
    type: 'chips',
    label: 'Filtrar parcelas',
    options: [
      { label: 'Todos', selected: true, action: { type: 'navigate', to: '/boletos' } },
      { label: 'Vencidos', selected: false, action: { type: 'navigate', to: '/boletos?filtro=vencidos' } },
    ],
  };

  it('takes a client that sends only its version to draw the components up to that version', () => {
    expect(parseCapabilities(undefined, '1.0.0').has('chips')).toBe(false);
    expect(parseCapabilities(undefined, '1.0.0').has('form')).toBe(true);
    expect(parseCapabilities(undefined, '1.1.0').has('chips')).toBe(true);
    expect(compareVersions('1.10.0', '1.9.2')).toBeGreaterThan(0);
  });

  it('sends the fallback the contract derives when the node declares none', () => {
    const old = parseCapabilities(undefined, '1.0.0');
    expect(downgrade([pill], old)).toEqual([{ type: 'text', tone: 'success', text: 'Pago' }]);
    expect(downgrade([chips], old)).toEqual([
      {
        type: 'list',
        label: 'Filtrar parcelas',
        items: [
          { type: 'button', variant: 'link', label: 'Todos ✓', action: { type: 'navigate', to: '/boletos' } },
          { type: 'button', variant: 'link', label: 'Vencidos', action: { type: 'navigate', to: '/boletos?filtro=vencidos' } },
        ],
      },
    ]);
  });

  it('prefers the fallback a node declares', () => {
    expect(downgrade([{ ...pill, fallback: { type: 'text', text: 'Situação: Pago' } }], parseCapabilities('text'))).toEqual([{ type: 'text', text: 'Situação: Pago' }]);
  });
});
