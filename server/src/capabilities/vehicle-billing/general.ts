import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatMoney, padDigits } from '../../domain/format.js';
import { isPaidOff } from '../../domain/quota-flags.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { GERAL, NOVO, navigate, quotaIdOf, refusalOf, stepOf, type Steps } from './flow.js';
import { SEMINOVO } from './used-flow.js';
import { vehicleUpstream as vehicle } from './vehicle-billing-upstream.js';
import { quotaMove } from '../../security/once.js';

/** The restriction return code of the core system: a restricted CPF/CNPJ (doc 2 §4.3). */
const RESTRICTION_CODE = 27;

/** Invoicing types (doc 2 §3.6) and where each goes: the digital flow, or manual billing (mobile only). */
const INVOICING_TYPES: Array<{ id: string; to: string }> = [
  { id: 'UM_BEM', to: `${GERAL}/digitaloumanual` },
  { id: 'COTA_QUITADA', to: `${GERAL}/digitaloumanual` },
  { id: 'MULTIPLAS_COTAS', to: `${GERAL}/cotas` },
  { id: 'MULTIPLOS_BENS', to: `${GERAL}/bens` },
  { id: 'REVENDA_CONSIGNADA', to: `${GERAL}/manual/consignado` },
  { id: 'QUITAR_FINANCIAMENTO', to: `${GERAL}/manual/financiamento` },
  { id: 'MAQUINAS_AGRICOLAS', to: `${GERAL}/manual/maquinasagricolas` },
  { id: 'VEICULO_BLINDADO', to: `${GERAL}/manual/veiculoblindado` },
  { id: 'CONJUGE', to: `${GERAL}/manual/conjuge` },
  { id: 'PAGAMENTO_BOLETO', to: `${GERAL}/manual` },
];

/** Screens that only say where the process stands, by route: their text key and a way on. */
const SITUATIONS: Record<string, { key: string; next?: { label: string; to: string } }> = {
  [`${GERAL}/analisandoinformacoes`]: { key: 'analisando' },
  [`${GERAL}/aindaanalisandoinformacoes`]: { key: 'ainda-analisando' },
  [`${GERAL}/identificacaoaprovada`]: { key: 'identificacao-aprovada', next: { label: 'veiculo.continuar', to: `${GERAL}/cotas` } },
  [`${GERAL}/identificacaoreprovada`]: { key: 'identificacao-reprovada', next: { label: 'veiculo.enviar-documentos', to: `${GERAL}/reenviardocumentos` } },
  [`${GERAL}/identificacaofilial`]: { key: 'identificacao-filial', next: { label: 'veiculo.ver-filiais', to: '/filiais' } },
  [`${GERAL}/cpfreprovado`]: { key: 'cpf-reprovado', next: { label: 'veiculo.ver-filiais', to: '/filiais' } },
  [`${GERAL}/indisponivel`]: { key: 'indisponivel' },
  [`${GERAL}/bens`]: { key: 'bens', next: { label: 'veiculo.continuar', to: `${GERAL}/manual` } },
};

/** Manual billing and its variants (doc 2 §2.6): mobile only; the route names the case. */
const MANUAL: Record<string, string> = {
  [`${GERAL}/manual`]: 'manual',
  [`${GERAL}/manual/consignado`]: 'consignado',
  [`${GERAL}/manual/financiamento`]: 'financiamento',
  [`${GERAL}/manual/maquinasagricolas`]: 'maquinasagricolas',
  [`${GERAL}/manual/conjuge`]: 'conjuge',
  [`${GERAL}/manual/veiculoblindado`]: 'veiculoblindado',
};

/**
 * General billing of a vehicle (doc 2 §2.6): the invoicing type, quotas and goods, new or used,
 * digital or manual, the manual billing (mobile only) and the screens that say where the
 * identification stands.
 */
export default async function generalBilling(app: FastifyInstance, { steps }: { steps: Steps }) {
  for (const [path, situation] of Object.entries(SITUATIONS)) {
    steps.set(path, async () => stepOf(app, situation.key, { botoes: situation.next ? [navigate(app, situation.next.label, situation.next.to)] : [] }));
  }

  // The invoicing type: the core system says whether the quota may bill (restriction → cpfrestrito,
  // refused → not allowed, paid-off → told first), then the types of doc 2 §3.6.
  steps.set(`${GERAL}/tipo`, async (ctx) => {
    const upstream = ctx.upstream!;
    const [check, quota] = await Promise.all([vehicle.check(upstream, quotaIdOf(upstream)), selectedQuota(upstream)]);
    if (check.restricao?.codigoRetorno === RESTRICTION_CODE) return { redirect: `${GERAL}/cpfrestrito` };
    if (!check.podeFaturar) return { redirect: `${GERAL}/not-alow-faturamento` };
    if ((check.cotaQuitada || isPaidOff(quota)) && ctx.query.get('quitada') !== 'ciente') return { redirect: `${GERAL}/cotaquitada` };
    const types = INVOICING_TYPES.filter((t) => t.id !== 'COTA_QUITADA' || check.cotaQuitada);
    return stepOf(app, 'tipo', {
      formularios: [
        {
          id: 'form-tipo',
          schema: { type: 'object', required: ['tipo'], properties: { tipo: { type: 'string', title: app.text('veiculo.tipo.campo'), enum: types.map((t) => t.id), errorMessage: app.text('veiculo.erro.obrigatorio') } } },
          uiSchema: { tipo: { 'ui:widget': 'radio', 'ui:enumNames': types.map((t) => app.text(`veiculo.tipo.${t.id}`)) } },
          formData: {},
          rotulo: app.text('veiculo.continuar'),
          acao: 'vehicle-billing/type',
        },
      ],
    });
  });

  app.actions.register('vehicle-billing/type', {
    input: z.object({ tipo: z.enum(INVOICING_TYPES.map((t) => t.id) as [string, ...string[]], '@veiculo.erro.obrigatorio') }),
    handler: async (input): Promise<ActionResult> => ({ kind: 'navigate', to: INVOICING_TYPES.find((t) => t.id === input.tipo)!.to }),
  });

  // Quotas apt to bill together (cotas-aptas): more than one means the manual billing.
  steps.set(`${GERAL}/cotas`, async (ctx) => {
    const upstream = ctx.upstream!;
    const apt = await vehicle.eligibleQuotas(upstream, quotaIdOf(upstream));
    return stepOf(app, 'cotas', {
      itens: apt.data.map((q) => `Grupo ${padDigits(q.grupo, 6)} · cota ${padDigits(q.cota, 4)} · crédito ${formatMoney(q.valorCredito)}`),
      botoes: [navigate(app, 'veiculo.cotas.uma', `${GERAL}/novoseminovo`), navigate(app, 'veiculo.cotas.varias', `${GERAL}/manual`, 'secondary')],
    });
  });

  steps.set(`${GERAL}/digitaloumanual`, async () =>
    stepOf(app, 'digitaloumanual', { botoes: [navigate(app, 'veiculo.digital', `${GERAL}/novoseminovo`), navigate(app, 'veiculo.manual', `${GERAL}/manual`, 'secondary')] }),
  );

  steps.set(`${GERAL}/novoseminovo`, async () =>
    stepOf(app, 'novoseminovo', {
      formularios: [
        {
          id: 'form-produto',
          schema: { type: 'object', required: ['produto'], properties: { produto: { type: 'string', title: app.text('veiculo.novoseminovo.campo'), enum: ['NOVO', 'SEMINOVO'], errorMessage: app.text('veiculo.erro.obrigatorio') } } },
          uiSchema: { produto: { 'ui:widget': 'radio', 'ui:enumNames': [app.text('veiculo.novoseminovo.novo'), app.text('veiculo.novoseminovo.seminovo')] } },
          formData: {},
          rotulo: app.text('veiculo.continuar'),
          acao: 'vehicle-billing/product',
        },
      ],
    }),
  );

  // New or used: the core system starts (or moves) the process for that product.
  app.actions.register('vehicle-billing/product', {
    input: z.object({ produto: z.enum(['NOVO', 'SEMINOVO'], '@veiculo.erro.obrigatorio') }),
    once: { key: (input, { request }) => quotaMove(request, 'faturamento-veiculo', { produto: input.produto }) },
    async handler(input, { upstream }): Promise<ActionResult> {
      try {
        await vehicle.start(upstream!, quotaIdOf(upstream!), input.produto);
      } catch (err) {
        if (err instanceof UpstreamError && err.code === String(RESTRICTION_CODE)) return { kind: 'navigate', to: `${GERAL}/cpfrestrito` };
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: input.produto === 'NOVO' ? `${NOVO}/introducao` : '/faturamento' };
    },
  });

  // The sections' roots, typed or bookmarked (doc 2 §2.4, §2.5): a quota whose vehicle billing is of
  // that kind goes where its case stands (/faturamento decides, as for every billing card); any
  // other quota is told why the section is not for it, and where its billing is followed.
  for (const [root, product] of [[NOVO, 'NOVO'], [SEMINOVO, 'SEMINOVO']] as const) {
    steps.set(root, async (_ctx, data) =>
      data?.tipoFaturamento === product
        ? { redirect: GERAL }
        : stepOf(app, `secao-indisponivel.${product}`, { botoes: [navigate(app, 'veiculo.secao-indisponivel.faturamento', GERAL), navigate(app, 'veiculo.secao-indisponivel.inicio', '/home', 'secondary')] }),
    );
  }

  // Manual billing (mobile only, the route table's flag): what to have at hand, then the start.
  for (const [path, key] of Object.entries(MANUAL)) {
    steps.set(path, async (_ctx, data) =>
      stepOf(app, `manual.${key}`, {
        ...(data?.fluxoManual ? { aviso: app.text('veiculo.manual.iniciado') } : {}),
        formularios: data?.fluxoManual
          ? []
          : [
              {
                id: 'form-manual',
                schema: { type: 'object', required: ['ciente'], properties: { ciente: { type: 'boolean', title: app.text('veiculo.manual.ciente'), const: true, errorMessage: app.text('veiculo.erro.obrigatorio') }, motivo: { type: 'string', default: key } } },
                uiSchema: { motivo: { 'ui:widget': 'hidden' } },
                formData: { motivo: key },
                rotulo: app.text('veiculo.manual.iniciar'),
                acao: 'vehicle-billing/manual',
              },
            ],
      }),
    );
  }

  app.actions.register('vehicle-billing/manual', {
    idempotent: true,
    input: z.object({ ciente: z.literal(true, '@veiculo.erro.obrigatorio'), motivo: z.enum(Object.values(MANUAL) as [string, ...string[]]).default('manual') }),
    once: { key: (input, { request }) => quotaMove(request, 'manual', { motivo: input.motivo }) },
    async handler(input, { upstream }): Promise<ActionResult> {
      try {
        await vehicle.startManual(upstream!, quotaIdOf(upstream!), input.motivo);
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${NOVO}/fluxo-manual` };
    },
  });
}
