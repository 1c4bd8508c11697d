import { formatBoleto } from '@brazilian-utils/brazilian-utils';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatDate, formatMoney } from '../../domain/format.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { evaluationModals } from '../evaluation/index.js';
import { inNativeWrapper } from '../../composition/client-platform.js';
import { serveQuotaFile } from '../documents/quota-files.js';
import { readBrCode } from '../../../../back-office/pix.js';
import { barcodeImage, pixQrImage } from './barcode.js';
import { generatedSlipPath, NO_QUOTA, selectedQuotaId, slipFailure } from './action-helpers.js';
import { slipsUpstream } from './slips-upstream.js';

const SlipId = z.string().regex(/^[0-9A-Za-z-]{1,32}$/);

/**
 * A generated slip (/boletos/boletogerado): value, due date, beneficiary (the partner) and payer, the typeable line with a copy
 * button, its ITF barcode; for a "boleto com Pix", beside them (first on a phone) its Pix QR code
 * and a button copying its Pix code; the PDF streamed through this server with the session (the
 * page never sees a token), sharing inside a native wrapper and e-mail to a list of name + e-mail.
 * A paid slip shows /boletos/boletopago.
 */
export default async function slip(app: FastifyInstance) {
  async function load(upstream: import('../../upstream/customer-upstream.js').CustomerUpstream, idCota: number, raw: string | null) {
    const id = SlipId.safeParse(raw);
    if (!id.success) return null;
    try {
      return await slipsUpstream.slip(upstream, idCota, id.data);
    } catch (err) {
      if (err instanceof UpstreamError && err.notFound) return null;
      throw err;
    }
  }

  app.screens.register('boletos-gerado', async (ctx) => {
    const idCota = ctx.upstream!.session.data.quota!.idCota;
    const data = await load(ctx.upstream!, idCota, ctx.query.get('boleto'));
    if (!data) return { encontrado: false };
    if (data.situacao === 'PAGO') return { redirect: `/boletos/boletopago?boleto=${encodeURIComponent(data.idBoleto)}` };
    const href = `/api/arquivos/boletos/${encodeURIComponent(data.idBoleto)}`;
    // A code that does not read as a Pix BR Code (its CRC included) would not pay: the slip is shown without Pix.
    const pix = data.pixCopiaECola ? readBrCode(data.pixCopiaECola) : null;
    if (data.pixCopiaECola && !pix) ctx.request.log.warn({ slip: data.idBoleto }, "the slip's Pix code is not a valid BR Code; shown without Pix");
    return {
      encontrado: true,
      idBoleto: data.idBoleto,
      descricao: data.descricao,
      valor: formatMoney(data.valorCobrado),
      vencimento: formatDate(data.dataVencimento),
      // The payer a printed slip names: the customer the session belongs to.
      pagador: ctx.upstream!.session.data.customer.nome,
      linha: formatBoleto(data.linhaDigitavel),
      linhaNumeros: data.linhaDigitavel,
      codigoBarras: barcodeImage(data.linhaDigitavel),
      pix: pix !== null,
      pixCodigo: pix?.code ?? '',
      pixQr: pix ? pixQrImage(pix.code) : '',
      pdf: href,
      arquivo: `boleto-${data.idBoleto}.pdf`,
      nativo: inNativeWrapper(ctx.request),
      modais: await evaluationModals(app, ctx.request, ctx.upstream!, 'boletos'),
    };
  });

  app.screens.register('boletos-pago', async (ctx) => {
    const idCota = ctx.upstream!.session.data.quota!.idCota;
    const data = await load(ctx.upstream!, idCota, ctx.query.get('boleto'));
    if (!data) return { encontrado: false };
    if (data.situacao !== 'PAGO') return { redirect: generatedSlipPath(data.idBoleto) };
    return { encontrado: true, descricao: data.descricao, valor: formatMoney(data.valorCobrado), vencimento: formatDate(data.dataVencimento) };
  });

  const Email = z.object({
    boleto: SlipId,
    destinatarios: z
      .array(z.object({ nome: z.string('@boletos.erro.nome').trim().min(1, '@boletos.erro.nome').max(120, '@boletos.erro.nome'), email: z.email('@esqueci.erro.email').max(254) }), '@boletos.erro.destinatarios')
      .min(1, '@boletos.erro.destinatarios')
      .max(5, '@boletos.erro.destinatarios'),
  });

  app.actions.register('slips/email', {
    input: Email,
    owns: { slip: (input) => [input.boleto] },
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const idCota = selectedQuotaId(request);
      if (idCota === null) return NO_QUOTA;
      try {
        await slipsUpstream.email(upstream!, idCota, input.boleto, input.destinatarios);
      } catch (err) {
        return slipFailure(app, err, 'boletos.erro.email');
      }
      return { kind: 'snackbar', message: app.text('boletos.email-enviado') };
    },
  });

  // The PDF, streamed from the back office with the session's quota token.
  serveQuotaFile(app, '/api/arquivos/boletos/:id', z.object({ id: SlipId }), (upstream, idCota, p) => slipsUpstream.pdf(upstream, idCota, p.id), (p) => `boleto-${p.id}.pdf`);
}
