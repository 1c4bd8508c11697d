import { describe, expect, it } from 'vitest';
import { readFunnels } from '../../analytics/funnels.js';
import { loadDefinitions, SCREENS_DIR } from '../../composition/definitions.js';
import { stepsChangedBy } from './draft-steps.js';

const definitions = loadDefinitions();
const funnels = readFunnels(SCREENS_DIR).flows;
const changed = (id: string, edit: (bundle: typeof definitions.flows) => void) => {
  const after = structuredClone(definitions.flows);
  edit(after);
  return stepsChangedBy(id, definitions.flows, after, funnels, definitions).map(({ flow, steps }) => [flow.id, steps]);
};

describe('the steps a draft changes', () => {
  it('are, for a decision table, the steps a changed row sent customers to and sends them to now', () => {
    expect(
      changed('cash-billing-screen', (b) => {
        const table = b.definitions.find((d) => d.id === 'cash-billing-screen');
        if (table?.kind !== 'decision-table') throw new Error('table');
        table.rows.find((r) => r.when.status === 'RETORNO_BRSCAN')!.then = '/faturamentoespecie/documento-rejeitado';
      }),
    ).toEqual([['faturamento-especie', ['analise', 'documentos-recusados']]]);
  });

  it('are, for a wizard, the steps renamed or moved', () => {
    expect(
      changed('bid-wizard', (b) => {
        const wizard = b.definitions.find((d) => d.id === 'bid-wizard');
        if (wizard?.kind !== 'wizard') throw new Error('wizard');
        wizard.steps.find((s) => s.id === 'keys')!.label = 'Troca das chaves';
      }),
    ).toEqual([['lances', ['keys']]]);
  });

  it('are, for the texts, the steps whose screens show a changed text', () => {
    const after = structuredClone(definitions.flows);
    after.texts = { ...definitions.texts, 'posvenda.campo.ano': 'Ano de nascimento' };
    const before = { ...definitions.flows, texts: definitions.texts };
    expect(stepsChangedBy('texts', before, after, funnels, definitions).map(({ flow, steps }) => [flow.id, steps])).toEqual([['pos-venda', ['validacao-seguranca']]]);
  });

  it('are none for a card set', () => {
    expect(
      changed('cash-billing-cards', (b) => {
        const set = b.definitions.find((d) => d.id === 'cash-billing-cards');
        if (set?.kind !== 'cards') throw new Error('cards');
        set.cards[0]!.title = 'Outro título';
      }),
    ).toEqual([]);
  });
});
