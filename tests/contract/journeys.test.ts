import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDefinitions, SYSTEM_SCREENS } from '../../server/src/composition/definitions.js';
import { client } from '../helpers/api-client.js';
import { generateJourneys } from '../helpers/journeys.js';
import { useStack } from '../helpers/stack.js';

const definitions = loadDefinitions();

/**
 * Screens that only exist inside a flow state the route table cannot express (a login that
 * still owes its one-time code, a password change in progress): a fresh visitor is redirected,
 * and the flow's own test walks them. Each entry names that test, which must visit the route.
 */
const FLOW_STATE_SCREENS: Record<string, string> = {
  // Refund: a quota that may not have a refund is sent to nao-confirmada.
  '/devolucao': 'tests/api/refund.test.ts',
  '/devolucao/introducao': 'tests/api/refund.test.ts',
  '/devolucao/valor': 'tests/api/refund.test.ts',
  '/devolucao/sem-valor': 'tests/api/refund.test.ts',
  '/devolucao/documento-aprovado': 'tests/api/refund.test.ts',
  '/devolucao/dados-bancarios': 'tests/api/refund.test.ts',
  '/devolucao/problema-documentos': 'tests/api/refund.test.ts',
  '/devolucao/documento-socio': 'tests/api/refund.test.ts',
  '/devolucao/analisando-informacoes': 'tests/api/refund.test.ts',
  '/devolucao/acompanhar-valores': 'tests/api/refund.test.ts',
  '/devolucao/indisponivel': 'tests/api/refund.test.ts',
  '/devolucao/filiais': 'tests/api/refund.test.ts',
  '/devolucao/validar-identificacao': 'tests/api/refund.test.ts',
  '/devolucao/pagamento-programado': 'tests/api/refund.test.ts',
  '/devolucao/reenviar-documentos': 'tests/api/refund.test.ts',
  '/entrar/verificacao/enviar': 'tests/api/verification.test.ts',
  '/entrar/verificacao/inserir': 'tests/api/verification.test.ts',
  '/entrar/verificacao/erro-de-cadastro': 'tests/api/verification.test.ts',
  '/entrar/verificacao/validar': 'tests/api/verification.test.ts',
  '/entrar/verificacao/cpf-cnpj': 'tests/api/verification.test.ts',
  '/entrar/verificacao/email': 'tests/api/verification.test.ts',
  '/alterarsenha/nova': 'tests/api/password-change.test.ts',
  '/entrar/esqueciasenha/data': 'tests/api/forgot-password.test.ts',
  '/entrar/esqueciasenha/email': 'tests/api/forgot-password.test.ts',
  '/entrar/esqueciasenha/enviado': 'tests/api/forgot-password.test.ts',
  '/identificacao': 'tests/api/forgot-password.test.ts',
  '/entrar/analisandoidentidade': 'tests/api/forgot-password.test.ts',
  '/esquecioemail/identificacaoaprovada': 'tests/api/forgot-password.test.ts',
  '/alteraremail': 'tests/api/forgot-password.test.ts',
  '/atualizacao-obrigatoria': 'tests/api/app-update.test.ts',
  '/perfil/token': 'tests/api/profile.test.ts',
  '/faturamento': 'tests/api/login-to-home.test.ts',
  // Used vehicle, seller to payment: without a vehicle process (ana) these go back to /faturamento.
  '/faturamentoseminovo/centralcontemplacao': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/acompanharpagamento': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedorpj': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/pessoafisica/dadospessoais': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/pessoafisica/dadosbancarios': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/pessoafisica/anexos': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/revendedora/dadospessoais': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/revendedora/dadosbancarios': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/revendedora/anexos': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/locadora/dadospessoais': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/locadora/dadosbancarios': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/locadora/anexos': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/pessoajuridica/dadospessoais': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/pessoajuridica/dadosbancarios': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/pessoajuridica/anexos': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/revendedora/ordemgerada': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/locadora/ordemgerada': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/vendedor/pessoajuridica/ordemgerada': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/ordemcompra': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/proprietariorecusado': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/proprietariorecusado/reenvio': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/proprietariorecusado/enviado': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/pendencianotafiscal': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/cartacorrecaoenviada': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/assinaturacontrato': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/reanalise-faturamento': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/reanalise-faturamento/enviada': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/dados-proprietario-divergente': 'tests/api/used-vehicle-seller.test.ts',
  '/faturamentoseminovo/dadosbancariosestorno': 'tests/api/used-vehicle-seller.test.ts',
  '/boletos/renegociar/resumo': 'tests/api/slips.test.ts',
  '/perfil/confirmarsenha': 'tests/api/password-change.test.ts',
  '/perfil/validar-identificacao/analisando': 'tests/api/identity-documents.test.ts',
  '/faturamentoespecie/centralcontemplacao': 'tests/api/cash-billing.test.ts',
  '/faturamentoespecie/dadosbancarios': 'tests/api/cash-billing.test.ts',
  '/faturamentoespecie/termodeautorizacao': 'tests/api/cash-billing.test.ts',
  '/faturamentoespecie/acompanharpagamento': 'tests/api/cash-billing.test.ts',
  '/faturamentoespecie/dadosbancariosestorno': 'tests/api/cash-billing.test.ts',
  '/faturamentoespecie/identificacao': 'tests/api/cash-billing.test.ts',
  '/faturamentoespecie/anexar-documentos': 'tests/api/cash-billing.test.ts',
  // quota transfer, insurance, reactivation, post-sale.
  '/transferencia-cota/confirmar-email': 'tests/api/quota-transfer.test.ts',
  '/transferencia-cota/sucesso': 'tests/api/quota-transfer.test.ts',
  '/contemplado': 'tests/api/awarded.test.ts',
  '/contemplado/sorteio': 'tests/api/awarded.test.ts',
  '/contemplado/condicoes-sorteio': 'tests/api/awarded.test.ts',
  '/contemplado/oferta': 'tests/api/awarded.test.ts',
  '/contemplado/verification': 'tests/api/awarded.test.ts',
  '/contemplado/cpf': 'tests/api/awarded.test.ts',
  '/contemplado/garantia': 'tests/api/awarded.test.ts',
  '/contemplado/garantia/:item': 'tests/api/awarded.test.ts',
  '/contemplado/tipo-automovel': 'tests/api/awarded.test.ts',
  '/contemplado/tipo-equipamento': 'tests/api/awarded.test.ts',
  '/contemplado/tipo-servico': 'tests/api/awarded.test.ts',
  '/contemplado/tipo-imovel': 'tests/api/awarded.test.ts',
  '/contemplado/tipo-pesado': 'tests/api/awarded.test.ts',
  '/contemplado/documentos': 'tests/api/awarded.test.ts',
  '/contemplado/documentos/:doc': 'tests/api/awarded.test.ts',
  '/contemplado/documentos-pesado': 'tests/api/awarded.test.ts',
  '/contemplado/documentos-pesado/:doc': 'tests/api/awarded.test.ts',
  '/contemplado/documentos-adicionais': 'tests/api/awarded.test.ts',
  '/contemplado/confirmacao-documentos': 'tests/api/awarded.test.ts',
  '/contemplado/crivo': 'tests/api/awarded.test.ts',
  '/contemplado/deseja-faturar': 'tests/api/awarded.test.ts',
  '/contemplado/resultado-analise': 'tests/api/awarded.test.ts',
  '/pos-venda': 'tests/api/post-sale.test.ts',
  '/pos-venda/validacao-seguranca': 'tests/api/post-sale.test.ts',
  '/pos-venda/dados-cadastrais': 'tests/api/post-sale.test.ts',
  '/pos-venda/validar-renda': 'tests/api/post-sale.test.ts',
  '/pos-venda/boletos': 'tests/api/post-sale.test.ts',
  '/pos-venda/consorcio': 'tests/api/post-sale.test.ts',
  '/pos-venda/contemplacao': 'tests/api/post-sale.test.ts',
  '/pos-venda/entendimento': 'tests/api/post-sale.test.ts',
  '/pos-venda/desvio-manual': 'tests/api/post-sale.test.ts',
  '/pos-venda/venda': 'tests/api/post-sale.test.ts',
  '/pos-venda/tipos-lance': 'tests/api/post-sale.test.ts',
  '/pos-venda/beneficios-grupo': 'tests/api/post-sale.test.ts',
  '/pos-venda/informacoes-finais': 'tests/api/post-sale.test.ts',
  '/pos-venda/duvidas-gerais': 'tests/api/post-sale.test.ts',
  '/pos-venda/final': 'tests/api/post-sale.test.ts',
  '/pos-venda/dados-cadastrais-edicao': 'tests/api/post-sale.test.ts',
  '/pos-venda/dados-cadastrais-token': 'tests/api/post-sale.test.ts',
  // Vehicle billing: without a vehicle process (ana) these go back to /faturamento.
  '/faturamento/tipo': 'tests/api/vehicle-billing.test.ts',
  '/faturamento/enviardocumentospj': 'tests/api/vehicle-billing.test.ts',
  '/faturamento/reenviardocumentos': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/introducao': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/resolver-pendencias': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/dados-veiculo': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/valor-compra': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/aguardeinclusaodemarca': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/aguardeinclusaodeconcessionaria': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/dados-concessionaria': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/forma-pagamento': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/dados-bancarios': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/confirmar-faturamento': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/envio-documentos': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/ordempagamento': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/acompanharpagamento': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/ordemcompra': 'tests/api/vehicle-billing.test.ts',
  '/faturamentonovo/pendencia-detran': 'tests/api/vehicle-billing.test.ts',
  // Used vehicle up to the inspection: without a used-vehicle process (ana) these go back to /faturamento.
  '/faturamentoseminovo/atualizacaocadastral/telefone': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/atualizacaocadastral/email': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/atualizacaocadastral/endereco': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/atualizacaocadastral/resumo': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/simulacao': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/simulacao/regrasdeaceite': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/simulacao/placa': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/simulacao/placaencontrada': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/simulacao/placanaoencontrada': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/simulacao/aprovado': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/simulacao/reprovado': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/simulacao/inclusaodemarca': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/vistoriadigital': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/vistoriatecnica': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/vistoriadigital/termos': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/vistoriadigital/regras': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/vistoriatecnica/termos': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/vistoriatecnica/regras': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/vistoriadigital/linkenviado': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/vistoriatecnica/agendada': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/vistoriatecnica/cep': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/vistoriatecnica/endereco': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/vistoriatecnica/acompanhante': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/vistoriarecusada': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/vistoriarecusada/documentoreenviado': 'tests/api/used-vehicle-inspection.test.ts',
  '/faturamentoseminovo/pendencia-detran': 'tests/api/used-vehicle-inspection.test.ts',
};
const journeys = generateJourneys(definitions.routes, definitions.flows);

const stack = useStack();

describe('generated journeys', () => {
  it('reach every screen that has a layout (no screen exists that no test reaches)', () => {
    const reached = new Set([...journeys.map((j) => j.screen), ...SYSTEM_SCREENS]);
    expect([...definitions.layouts.keys()].filter((screen) => !reached.has(screen))).toEqual([]);
  });

  it('take the shortest path: public screens directly, home through login and quota choice', () => {
    expect(journeys.find((j) => j.path === '/entrar')?.steps).toEqual([{ kind: 'visit', path: '/entrar' }]);
    expect(journeys.find((j) => j.path === '/home')?.steps).toEqual([{ kind: 'login' }, { kind: 'select-quota' }, { kind: 'visit', path: '/home' }]);
  });

  for (const journey of journeys) {
    it(`renders ${journey.path} for ana (${journey.steps.map((s) => s.kind).join(' → ')})`, async () => {
      const c = client(stack.baseUrl);
      let last: { body: { kind: string; screen?: string } } | undefined;
      let headers: Record<string, string> = {};
      for (const step of journey.steps) {
        if (step.kind === 'login') await c.login('ana');
        else if (step.kind === 'select-quota') await c.selectFirstQuota('ana');
        else if (step.kind === 'use-phone') headers = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' };
        else last = await c.screen(step.path, headers);
      }
      const body = last?.body as { kind: string; screen?: string; to?: string } | undefined;
      const flowTest = FLOW_STATE_SCREENS[journey.path];
      if (flowTest) {
        expect(body?.kind).toBe('redirect');
        expect(readFileSync(flowTest, 'utf8')).toContain(journey.path);
        return;
      }
      expect(body).toMatchObject({ kind: 'screen', screen: journey.screen });
    });
  }
});
