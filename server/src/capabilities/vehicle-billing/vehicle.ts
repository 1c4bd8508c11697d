import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatMoney } from '../../domain/format.js';
import { isPaidOff } from '../../domain/quota-flags.js';
import { purchaseValueProblem, VEHICLE_MESSAGES } from '../../domain/vehicle-billing.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { navigate, requestedVehicleRows, sameName, NO_PROCESS, NOVO, quotaIdOf, refusalOf, stepOf, type Steps } from './flow.js';
import { vehicleUpstream as vehicle } from './vehicle-billing-upstream.js';


/**
 * The new vehicle itself (doc 2 §2.4, §3.4): the introduction, brand, model, year and colour
 * (from the core system's lists, or an inclusion of up to 48 h), and the purchase value (at least
 * the outstanding balance; for a paid-off quota at most the available balance).
 */
export default async function newVehicle(app: FastifyInstance, { steps }: { steps: Steps }) {
  steps.set(`${NOVO}/introducao`, async (_ctx, data) => (data ? stepOf(app, 'introducao', { itens: [1, 2, 3, 4].map((n) => app.text(`veiculo.introducao.passo${n}`)), botoes: [navigate(app, 'veiculo.comecar', `${NOVO}/dados-veiculo`)] }) : NO_PROCESS));

  steps.set(`${NOVO}/dados-veiculo`, async (ctx, data) => {
    if (!data) return NO_PROCESS;
    const brands = await vehicle.brands(ctx.upstream!, '');
    const order = data.dadosFaturamento;
    return stepOf(app, 'dados-veiculo', {
      formularios: [
        {
          id: 'form-veiculo',
          schema: {
            type: 'object',
            required: ['marca', 'modelo', 'ano', 'cor'],
            properties: {
              marca: { type: 'string', title: app.text('veiculo.campo.marca'), errorMessage: app.text('veiculo.erro.obrigatorio') },
              modelo: { type: 'string', title: app.text('veiculo.campo.modelo'), errorMessage: app.text('veiculo.erro.obrigatorio') },
              ano: { type: 'string', title: app.text('veiculo.campo.ano'), errorMessage: app.text('veiculo.erro.ano') },
              cor: { type: 'string', title: app.text('veiculo.campo.cor'), errorMessage: app.text('veiculo.erro.obrigatorio') },
              incluir: { type: 'boolean', title: app.text('veiculo.campo.incluir') },
            },
          },
          uiSchema: { marca: { 'ui:help': app.text('veiculo.campo.marcas', { marcas: brands.data.map((b) => b.marca).join(', ') }) }, ano: { 'ui:placeholder': '2026/2027' } },
          formData: { marca: order?.marca ?? '', modelo: order?.modelo ?? '', ano: order?.ano ?? '', cor: order?.cor ?? '' },
          rotulo: app.text('veiculo.continuar'),
          acao: 'vehicle-billing/vehicle',
        },
      ],
    });
  });

  app.actions.register('vehicle-billing/vehicle', {
    input: z.object({
      marca: z.string('@veiculo.erro.obrigatorio').trim().min(1, '@veiculo.erro.obrigatorio').max(60),
      modelo: z.string('@veiculo.erro.obrigatorio').trim().min(1, '@veiculo.erro.obrigatorio').max(60),
      ano: z.string('@veiculo.erro.ano').regex(/^\d{4}\/\d{4}$/, '@veiculo.erro.ano'),
      cor: z.string('@veiculo.erro.obrigatorio').trim().min(1, '@veiculo.erro.obrigatorio').max(30),
      incluir: z.boolean().default(false),
    }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const idCota = quotaIdOf(upstream!);
      try {
        // Not in the lists: the core system is asked to include the brand or model (up to 48 h).
        if (input.incluir) {
          await vehicle.registerVehicle(upstream!, idCota, { newMarca: input.marca, newModelo: input.modelo, ano: input.ano, cor: input.cor });
          return { kind: 'navigate', to: `${NOVO}/aguardeinclusaodemarca` };
        }
        const brand = (await vehicle.brands(upstream!, input.marca)).data.find((b) => sameName(b.marca, input.marca));
        if (!brand) return { kind: 'field-errors', errors: { marca: VEHICLE_MESSAGES.brand } };
        const model = (await vehicle.models(upstream!, brand.codigoFabricante, input.modelo)).data.find((m) => sameName(m.modelo, input.modelo));
        if (!model) return { kind: 'field-errors', errors: { modelo: VEHICLE_MESSAGES.model } };
        await vehicle.selectVehicle(upstream!, { idCota, tipo: model.tipo, marca: brand.marca, codigoFabricante: brand.codigoFabricante, modelo: model.modelo, anos: input.ano, cor: input.cor });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${NOVO}/valor-compra` };
    },
  });

  steps.set(`${NOVO}/aguardeinclusaodemarca`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    const order = data.dadosFaturamento;
    return stepOf(app, 'inclusao-marca', { linhas: requestedVehicleRows(app, order) });
  });

  steps.set(`${NOVO}/valor-compra`, async (ctx, data) => {
    if (!data) return NO_PROCESS;
    const order = data.dadosFaturamento;
    if (!order?.marca) return { redirect: `${NOVO}/dados-veiculo` };
    const quota = await selectedQuota(ctx.upstream!);
    return stepOf(app, isPaidOff(quota) ? 'valor-compra-quitada' : 'valor-compra', {
      linhas: [
        { label: app.text('veiculo.rotulo.veiculo'), text: [`${order.marca} ${order.modelo} ${order.ano ?? ''}`.trim(), order.cor].filter(Boolean).join(' · ') },
        { label: app.text('veiculo.rotulo.saldo-devedor'), text: formatMoney(data.saldoDevedor) },
        { label: app.text('veiculo.rotulo.credito'), text: formatMoney(data.creditoDisponivel) },
      ],
      formularios: [
        {
          id: 'form-valor',
          schema: { type: 'object', required: ['valorCompra'], properties: { valorCompra: { type: 'number', title: app.text('veiculo.campo.valor-compra'), errorMessage: app.text('veiculo.erro.valor') } } },
          uiSchema: { valorCompra: { 'ui:help': app.text('veiculo.campo.valor-compra-ajuda') } },
          formData: order.valorCompra === null ? {} : { valorCompra: order.valorCompra },
          rotulo: app.text('veiculo.continuar'),
          acao: 'vehicle-billing/purchase-value',
        },
      ],
    });
  });

  app.actions.register('vehicle-billing/purchase-value', {
    consistency: [
      { fields: ['valorCompra'], rule: 'the purchase value is at least the quota’s outstanding balance', message: VEHICLE_MESSAGES.purchaseBelowBalance(0).replace(/R\$\s0,00/u, '{{saldo}}'), by: 'handler' },
      { fields: ['valorCompra'], rule: 'a paid-off quota’s purchase value is at most the credit available', message: VEHICLE_MESSAGES.purchaseAboveAvailable(0).replace(/R\$\s0,00/u, '{{disponivel}}'), by: 'handler' },
    ],
    input: z.object({ valorCompra: z.number('@veiculo.erro.valor').positive('@veiculo.erro.valor').max(100_000_000, '@veiculo.erro.valor') }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const idCota = quotaIdOf(upstream!);
      const [data, quota] = await Promise.all([vehicle.status(upstream!, idCota), selectedQuota(upstream!)]);
      const order = data?.dadosFaturamento;
      if (!data || !order?.marca || !order.codigoFabricante || !order.modelo) return { kind: 'navigate', to: '/faturamento' };
      const problem = purchaseValueProblem(input.valorCompra, data.saldoDevedor, data.creditoDisponivel, isPaidOff(quota));
      if (problem) return { kind: 'field-errors', errors: { valorCompra: problem } };
      try {
        await vehicle.selectVehicle(upstream!, { idCota, tipo: order.tipoVeiculo ?? 'LEVE', marca: order.marca, codigoFabricante: order.codigoFabricante, modelo: order.modelo, anos: order.ano ?? '', cor: order.cor ?? '', valor: input.valorCompra });
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${NOVO}/dados-concessionaria` };
    },
  });
}
