import { describe, expect, test } from 'vitest';
import { sweepDocument } from '../helpers/screen-sweep.js';

/** The sweep's rules each catch their class of defect, and pass a screen that reads well. */
const screen = (layout: unknown[], modals: unknown[] = []) => ({ kind: 'screen', title: 'Boletos', layout, modals });
const value = (text: string) => ({ type: 'value', label: 'Valor a pagar', text });
const go = (to: string) => ({ type: 'navigate', to });

describe('the sweep of a screen document', () => {
  test('a screen that reads well has nothing to say', () => {
    const doc = screen([
      { type: 'heading', text: 'Faltam 10 dias para a assembleia' },
      value('R$ 1.234,56'),
      { type: 'key-value', rows: [{ label: 'Vencimento', text: '10/12/2026 às 13:00' }, { label: 'Crédito', text: 'Não disponível' }] },
      { type: 'text', text: 'Documento 2 §4.3: percentual pago 12,5%. Separação total de bens. Todo mês há assembleia.' },
      { type: 'card', title: 'Parcela 12', items: [], action: { label: 'Gerar boleto', accessibleName: 'Gerar boleto: Parcela 12', action: { type: 'submit', action: 'slips/generate', payload: { cobranca: 12 } } } },
      { type: 'card', title: 'Parcela 13', items: [], action: { label: 'Gerar boleto', accessibleName: 'Gerar boleto: Parcela 13', action: { type: 'submit', action: 'slips/generate', payload: { cobranca: 13 } } } },
      { type: 'button', label: 'Início', action: go('/home') },
      { type: 'button', label: 'Início', action: go('/home') },
      { type: 'data-table', caption: 'Definições', columns: ['Nome'], rows: [], search: { label: 'Buscar', countText: '{shown} de {total} definições', emptyText: 'Nada encontrado' } },
    ]);
    expect(sweepDocument('/boletos', doc)).toEqual([]);
  });

  test.each([
    ['a dash for a missing value', [value('—')], 'a value that stands for nothing'],
    ['an empty label', [{ type: 'value', label: '', text: 'R$ 1,00' }], 'a value that stands for nothing'],
    ['undefined left by a template', [value('R$ undefined')], 'a value left by a template or formatter'],
    ['NaN left by a formatter', [{ type: 'text', text: 'Você pagou NaN parcelas' }], 'a value left by a template or formatter'],
    ['a placeholder left unfilled', [{ type: 'text', text: 'Olá, {nome}' }], 'a value left by a template or formatter'],
    ['a plural in parentheses', [{ type: 'text', text: 'Faltam 10 dia(s).' }], 'a plural in parentheses'],
    ['an English word', [{ type: 'table', caption: 'Pedidos', columns: ['Situação'], rows: [['done: publicado como v2']] }], 'an English word ("done")'],
    ['English in a console explanation', [{ type: 'text', text: 'Padrão: not shown' }], 'an English word ("not")'],
    ['money without its form', [value('R$1234.5')], 'money not written as "R$ 1.234,56"'],
    ['money without thousands', [value('R$ 1234,56')], 'money not written as "R$ 1.234,56"'],
    ['an ISO date', [value('2026-11-20')], 'an ISO date'],
    ['a decimal point', [{ type: 'text', text: 'Percentual pago: 12.5%' }], 'a decimal point'],
    ['a time with seconds', [value('20/11/2026 às 13:00:00')], 'a time with seconds'],
    [
      'a list written as one text',
      [{ type: 'text', text: `Regras de aceite do veículo usado, que valem para todos os pedidos de faturamento e precisam ser lidas com atenção antes do envio dos documentos:\n1. Veículo leve com até 10 anos de fabricação, vistoriado por empresa credenciada.\n2. Motocicleta com até 5 anos de fabricação.\n3. Caminhão com até 15 anos.` }],
      'a list written as one text',
    ],
    [
      'two controls with one name that do different things',
      [
        { type: 'button', label: 'Abrir', action: go('/notificacoes/1') },
        { type: 'button', label: 'Abrir', action: go('/notificacoes/2') },
      ],
      'controls with the same name that do different things',
    ],
    ['an accessible name without its label', [{ type: 'button', label: 'Gerar boleto', accessibleName: 'Parcela 12', action: go('/boletos') }], 'does not contain the visible label'],
  ])('finds %s', (_, layout, what) => {
    const found = sweepDocument('/tela', screen(layout));
    expect(found.join('\n')).toContain(what);
  });

  test('a modal is read on its own: its button may share a name with the screen behind it', () => {
    const doc = screen([{ type: 'button', label: 'Cancelar', action: go('/home') }], [{ id: 'm', title: 'Cancelar lance?', body: [{ type: 'text', text: 'O lance será cancelado.' }], actions: [{ label: 'Cancelar', action: { type: 'submit', action: 'bids/cancel' } }] }]);
    expect(sweepDocument('/lances', doc)).toEqual([]);
    const twice = screen([], [{ id: 'm', title: 'Sair?', body: [], actions: [{ label: 'Sim', action: { type: 'submit', action: 'auth/logout' } }, { label: 'Sim', action: go('/home') }] }]);
    expect(sweepDocument('/sair', twice).join('\n')).toContain('controls with the same name that do different things');
  });
});
