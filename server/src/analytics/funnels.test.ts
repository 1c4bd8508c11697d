import { describe, expect, it } from 'vitest';
import { loadDefinitions, SCREENS_DIR } from '../composition/definitions.js';
import { funnelProblems, readFunnels, resolveSteps, type FunnelFile } from './funnels.js';

const definitions = loadDefinitions();
const shipped = readFunnels(SCREENS_DIR);

describe('the funnels the console draws', () => {
  it('name every flow definition once, with screens of the route table and steps of their wizards', () => {
    expect(funnelProblems(shipped, definitions.routes, definitions.flows)).toEqual([]);
  });

  it('refuses a screen that is not a route, a definition that does not exist or is in two flows, a wizard step the wizard lacks, and a definition left out', () => {
    const broken = structuredClone(shipped) as FunnelFile;
    broken.flows[0]!.steps[1]!.screens.push('/nao-existe');
    broken.flows[0]!.steps[1]!.wizardStep = 'passo-novo';
    broken.flows[1]!.definitions.push('bid-wizard', 'tabela-inventada');
    broken.notFlows = {};
    expect(funnelProblems(broken, definitions.routes, definitions.flows)).toEqual(
      expect.arrayContaining([
        'lances/type: o passo passo-novo não existe no assistente do fluxo',
        'lances/type: a tela /nao-existe não é uma rota de routes.json',
        'faturamento-especie: a definição bid-wizard já é do fluxo lances',
        'faturamento-especie: a definição tabela-inventada não existe em screens/flows',
        'a definição guard não está em nenhum fluxo nem em notFlows',
      ]),
    );
  });

  it('orders a wizard’s steps and names them as the wizard in service does, the other steps staying where they are', () => {
    const bundle = structuredClone(definitions.flows);
    const wizard = bundle.definitions.find((d) => d.id === 'post-sale-wizard');
    if (wizard?.kind !== 'wizard') throw new Error('post-sale-wizard');
    const consorcio = wizard.steps.findIndex((s) => s.id === 'consorcio');
    const [moved] = wizard.steps.splice(consorcio, 1);
    wizard.steps.unshift({ ...moved!, label: 'Como funciona o consórcio' });
    const flow = shipped.flows.find((f) => f.id === 'pos-venda')!;
    const steps = resolveSteps(flow, bundle);
    expect(steps.slice(0, 3).map((s) => s.label)).toEqual(['Como funciona o consórcio', 'Boas-vindas', 'Validação de segurança']);
    expect(steps.at(-1)).toEqual({ id: 'desvio', label: 'Atendimento por telefone', read: false, detour: true });
  });
});
