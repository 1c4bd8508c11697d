import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatMoney, formatNationalId } from '../../domain/format.js';
import { INSPECTION_FEE, vehicleValue } from '../../domain/vehicle-billing.js';
import { inNativeWrapper } from '../../composition/client-platform.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { navigate, NO_PROCESS, NOVO, quotaIdOf, refusalOf, restartForm, stepOf, type Steps } from './flow.js';
import { vehicleUpstream as vehicle, type VehicleBillingData } from './vehicle-billing-upstream.js';
import { quotaMove } from '../../security/once.js';

/** Where the purchase order PDF is streamed with the session (never an upstream URL with a token). */
export const PURCHASE_ORDER_FILE = '/api/arquivos/faturamento/ordem-compra';

/**
 * Confirming the billing (the summary with the vehicle value = the lower of purchase value and
 * available credit), the purchase order (PDF through the server; shared in a native wrapper),
 * the next steps, and the restart, which says before confirming that the inspection fee is
 * charged again (doc 2 §4.5).
 */
export default async function purchaseOrder(app: FastifyInstance, { steps }: { steps: Steps }) {
  const summary = (data: VehicleBillingData) => {
    const o = data.dadosFaturamento!;
    const payment = o.dadosPagamento;
    const bank = payment?.dadosBancarios;
    return [
      { label: app.text('veiculo.rotulo.veiculo'), text: `${o.marca ?? ''} ${o.modelo ?? ''} ${o.ano ?? ''} · ${o.cor ?? ''}` },
      { label: app.text('veiculo.rotulo.valor-compra'), text: formatMoney(o.valorCompra ?? 0) },
      { label: app.text('veiculo.rotulo.credito'), text: formatMoney(data.creditoDisponivel) },
      { label: app.text('veiculo.rotulo.valor-veiculo'), text: formatMoney(vehicleValue(o.valorCompra ?? 0, data.creditoDisponivel)) },
      { label: app.text('veiculo.rotulo.concessionaria'), text: `${o.razaoSocial ?? ''} · CNPJ ${formatNationalId(o.cnpjConcessionaria ?? '')}` },
      { label: app.text('veiculo.rotulo.forma-pagamento'), text: payment?.formaPagamento === 'TED' ? app.text('veiculo.forma.ted') : app.text('veiculo.forma.boleto') },
      ...(bank ? [{ label: app.text('veiculo.rotulo.conta'), text: `${bank.banco} · agência ${bank.agencia}${bank.digitoAgencia ? `-${bank.digitoAgencia}` : ''} · conta ${bank.conta}` }] : []),
    ];
  };

  steps.set(`${NOVO}/confirmar-faturamento`, async (_ctx, data) => {
    if (!data) return NO_PROCESS;
    if (!data.dadosFaturamento?.dadosPagamento) return { redirect: '/faturamento' };
    return stepOf(app, 'confirmar', {
      linhas: summary(data),
      itens: [app.text('veiculo.reiniciar.aviso-confirmar', { taxa: formatMoney(INSPECTION_FEE) })],
      formularios: [
        {
          id: 'form-confirmar',
          schema: { type: 'object', required: ['confirma'], properties: { confirma: { type: 'boolean', const: true, title: app.text('veiculo.confirmar.campo'), errorMessage: app.text('veiculo.erro.confirmar') } } },
          uiSchema: {},
          formData: {},
          rotulo: app.text('veiculo.confirmar.acao'),
          acao: 'vehicle-billing/confirm',
        },
        restartForm(app),
      ],
    });
  });

  app.actions.register('vehicle-billing/confirm', {
    idempotent: true,
    input: z.object({ confirma: z.literal(true, '@veiculo.erro.confirmar') }),
    once: { key: (_input, { request }) => quotaMove(request, 'pedido') },
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        await vehicle.request(upstream!, quotaIdOf(upstream!));
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${NOVO}/ordemcompra` };
    },
  });

  app.actions.register('vehicle-billing/restart', {
    input: z.object({ ciente: z.literal(true, '@veiculo.erro.reiniciar') }),
    // Restarting charges the inspection fee again: one restart, however many tabs confirm it.
    once: { key: (_input, { request }) => quotaMove(request, 'reinicio') },
    async handler(_input, { upstream }): Promise<ActionResult> {
      try {
        const answer = await vehicle.restart(upstream!, quotaIdOf(upstream!));
        return { kind: 'snackbar', message: app.text('veiculo.reiniciar.feito', { taxa: formatMoney(answer.taxaVistoria) }), to: '/faturamento' };
      } catch (err) {
        return refusalOf(app, err);
      }
    },
  });

  steps.set(`${NOVO}/ordemcompra`, async (ctx, data) => {
    if (!data) return NO_PROCESS;
    if (!data.dadosFaturamento?.dadosPagamento) return { redirect: '/faturamento' };
    const filename = 'ordem-de-compra.pdf';
    return stepOf(app, 'ordem-compra', {
      linhas: summary(data),
      itens: [app.text('veiculo.ordem-compra.passo1'), app.text('veiculo.ordem-compra.passo2')],
      botoes: [
        { rotulo: app.text('veiculo.ordem-compra.baixar'), variante: 'primary', acao: { type: 'download', href: PURCHASE_ORDER_FILE, filename } },
        ...(inNativeWrapper(ctx.request) ? [{ rotulo: app.text('veiculo.ordem-compra.compartilhar'), variante: 'secondary' as const, acao: { type: 'bridge' as const, method: 'share-file' as const, args: { href: PURCHASE_ORDER_FILE, filename, mimeType: 'application/pdf' } } }] : []),
        navigate(app, 'veiculo.ordem-compra.enviar-nf', `${NOVO}/envio-documentos`, 'secondary'),
      ],
    });
  });

  steps.set(`${NOVO}/proximos-passos`, async () => stepOf(app, 'proximos-passos', { itens: [app.text('veiculo.proximos-passos.passo1'), app.text('veiculo.proximos-passos.passo2')] }));

  // The purchase order PDF: the core system answers it in base64; the page gets the bytes.
  app.get(PURCHASE_ORDER_FILE, async (request, reply) => {
    const idCota = request.session?.data.quota?.idCota;
    if (!request.session || idCota === undefined) return reply.code(401).send({ message: app.text('erro.sessao-expirada') });
    try {
      const file = await vehicle.purchaseOrder(request.customerUpstream(), idCota);
      const pdf = Buffer.from(file.arquivo, 'base64');
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') return reply.code(502).send({ message: app.text('veiculo.erro.operacao') });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.nomeArquivo.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    } catch (err) {
      if (err instanceof UpstreamError && !err.unavailable && !err.tokenExpired) return reply.code(404).send({ message: err.upstreamMessage ?? app.text('veiculo.erro.operacao') });
      throw err;
    }
  });
}
