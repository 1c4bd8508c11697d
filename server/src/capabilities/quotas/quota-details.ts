import { quotas } from '../../../../back-office/index.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { localNow } from '../../domain/clock.js';
import { formatDate, formatMoney, maskNationalId, padDigits } from '../../domain/format.js';
import { isCancelled, isContemplated, isPaidOff } from '../../domain/quota-flags.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { acceptedContent, parseDataUrl, uploadFile, type ContentType } from '../../flow-parts/index.js';
import type { Quota } from './quota.js';
import { situationLabel, typeLabel } from './quotas-screens.js';

/** Photos up to 2 MB, JPG or PNG by their bytes, sent by the renderer as a data URL. */
const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
const PHOTO_TYPES: readonly ContentType[] = ['image/jpeg', 'image/png'];
/** Whatever type the data URL declares (the browser's guess from the name): the bytes decide. */
const DECLARED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/svg+xml', 'image/webp', 'application/octet-stream', 'text/plain', 'text/html'];

/**
 * /detalhes-da-cota: the selected quota's details, the holder's data and its finance, with the
 * nickname and photo the customer can change (PUT cotas/{id}/preferencias; the photo goes
 * through arquivos/v2 first and a refusal shows the back office's message).
 */
export default async function quotaDetails(app: FastifyInstance) {
  app.screens.register('detalhes-da-cota', async (ctx) => {
    const upstream = ctx.upstream!;
    const idCota = upstream.session.data.quota!.idCota;
    const q = await upstream.request(quotas.detail, { params: { id: idCota } });
    const today = localNow(null).slice(0, 10);
    const flags = [isCancelled(q) && 'cancelada', isPaidOff(q) && 'quitada', isContemplated(q, today) && 'contemplada'].filter(Boolean).map((f) => app.text(`cotas.flag.${f}`));
    return {
      titulo: q.apelido?.trim() || `Grupo ${padDigits(q.grupo, 6)} · Cota ${padDigits(q.cota, 4)}`,
      foto: q.fotoUrl ?? '',
      apelido: q.apelido ?? '',
      detalhes: [
        { label: app.text('cotas.campo.grupo'), text: padDigits(q.grupo, 6) },
        { label: app.text('cotas.campo.cota'), text: padDigits(q.cota, 4) },
        { label: app.text('cotas.campo.versao'), text: padDigits(q.versao, 2) },
        { label: app.text('cotas.campo.tipo'), text: typeLabel(q.tipo, app.text) },
        { label: app.text('cotas.campo.situacao'), text: [situationLabel(q.situacaoCota), ...flags].join(' · ') },
        ...(isContemplated(q, today) && q.dataContemplacao ? [{ label: app.text('cotas.campo.contemplacao'), text: formatDate(q.dataContemplacao) }] : []),
      ],
      pessoa: [
        { label: app.text('cotas.campo.titular'), text: q.nomePessoa ?? app.text('comum.nao-informado') },
        { label: app.text('cotas.campo.documento'), text: q.cdInscricaoNacional ? maskNationalId(q.cdInscricaoNacional) : app.text('comum.nao-informado') },
      ],
      financeiro: [
        { label: app.text('cotas.campo.credito'), text: formatMoney(q.valorBem) },
        { label: app.text('financeiro.saldo-devedor'), text: formatMoney(q.valorSaldoDevedor) },
        { label: app.text('financeiro.parcelas-pagas'), text: String(q.parcelasPagas ?? 0) },
        { label: app.text('financeiro.parcelas-restantes'), text: String(q.parcelasRestantes ?? 0) },
        { label: app.text('financeiro.parcelas-atraso'), text: String(q.parcelasAtraso ?? 0) },
      ],
    };
  });

  async function savePreferences(request: import('fastify').FastifyRequest, body: { nickname?: string; photo_url?: string }): Promise<void> {
    const idCota = request.session!.data.quota!.idCota;
    await request.customerUpstream().request(quotas.preferences, { params: { id: idCota }, json: body });
  }

  const refused = (err: unknown, fallback: string): ActionResult => {
    if (err instanceof UpstreamError && !err.unavailable && !err.tokenExpired) return { kind: 'error', title: app.text('erro.titulo'), message: err.upstreamMessage ?? app.text(fallback) };
    throw err;
  };

  app.actions.register('quotas/nickname', {
    input: z.object({ apelido: z.string('@cotas.erro.apelido').trim().max(30, '@cotas.erro.apelido').default('') }),
    async handler(input, { request }): Promise<ActionResult> {
      if (!request.session?.data.quota) return { kind: 'navigate', to: '/groups-and-quotas' };
      try {
        await savePreferences(request, { nickname: input.apelido });
      } catch (err) {
        return refused(err, 'cotas.erro.preferencias');
      }
      return { kind: 'snackbar', message: app.text('cotas.apelido-salvo'), to: '/detalhes-da-cota' };
    },
  });

  app.actions.register('quotas/photo', {
    filesGo: 'the back office’s file store (`files.upload`, category `foto-cota`); its address kept as the quota’s photo preference',
    bodyLimit: 3 * 1024 * 1024,
    files: { types: PHOTO_TYPES, maxBytes: MAX_PHOTO_BYTES, messages: { badFormat: app.text('cotas.erro.foto'), tooLarge: app.text('cotas.erro.foto-grande') } },
    input: z.object({ foto: z.string('@cotas.erro.foto').refine((v) => parseDataUrl(v, DECLARED_TYPES) !== null, '@cotas.erro.foto') }),
    async handler(input, { request }): Promise<ActionResult> {
      if (!request.session?.data.quota) return { kind: 'navigate', to: '/groups-and-quotas' };
      const photo = parseDataUrl(input.foto, DECLARED_TYPES)!;
      if (photo.data.length > MAX_PHOTO_BYTES) return { kind: 'field-errors', errors: { foto: app.text('cotas.erro.foto-grande') } };
      // A JPEG or PNG by its bytes, whole and nothing else; it goes upstream with the type its bytes show.
      const type = acceptedContent(photo.data, PHOTO_TYPES);
      if (!type) return { kind: 'field-errors', errors: { foto: app.text('cotas.erro.foto') } };
      try {
        const file = await uploadFile(request.customerUpstream(), { field: 'foto', n: 1, data: photo.data, type }, 'foto-cota');
        await savePreferences(request, { photo_url: file.url });
      } catch (err) {
        return refused(err, 'cotas.erro.foto');
      }
      return { kind: 'snackbar', message: app.text('cotas.foto-salva'), to: '/detalhes-da-cota' };
    },
  });
}
