import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatMoney, formatNationalId, normaliseNationalId } from '../../domain/format.js';
import { assigneeProblem, transferFee, transferRefusal } from '../../domain/quota-transfer.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { transferUpstream } from './quota-transfer-upstream.js';
import { quotaMove } from '../../security/once.js';

/** Route prefix of the quota transfer (doc 2 §2.10). */
const BASE = '/transferencia-cota';
/** Where the holder corrects a wrong e-mail (registration update). */
const REGISTRATION_UPDATE = '/perfil/email-telefone';

/**
 * Quota transfer (doc 2 §2.10, §4.10, §9): introduction with the rule that refuses an
 * ineligible quota, the assignee's CPF/CNPJ, the e-mail confirmation with the 1 % fee, success,
 * wait (a request already in progress) and the error page with retry.
 */
export default async function quotaTransfer(app: FastifyInstance) {
  const idOf = (u: CustomerUpstream) => u.session.data.quota!.idCota;
  const draftOf = (u: CustomerUpstream) => (u.session.data.transferDraft?.idCota === idOf(u) ? u.session.data.transferDraft : undefined);

  /** Where the transfer stands: refused (with the rule), in progress, or open; with the credit and fee. */
  async function standing(u: CustomerUpstream) {
    const [quota, inProgress] = await Promise.all([selectedQuota(u), transferUpstream.inProgress(u)]);
    return { quota, inProgress, refusal: transferRefusal(quota), fee: transferFee(quota.valorBem) };
  }

  app.screens.register('transferencia-situacao', async (ctx) => {
    const u = ctx.upstream!;
    const page = ctx.route.path.slice(BASE.length + 1);
    const t = (key: string) => app.text(`transferencia.${page}.${key}`);
    if (page === 'introducao') {
      const s = await standing(u);
      if (s.inProgress) return { redirect: `${BASE}/aguarde` };
      if (s.refusal) {
        return {
          titulo: app.text('transferencia.recusada.titulo'),
          paragrafos: [app.text('transferencia.recusada.texto')],
          aviso: app.text(`transferencia.regra.${s.refusal}`),
          links: [{ id: 'voltar-inicio', rotulo: app.text('transferencia.voltar-inicio'), destino: '/home', variante: 'secondary' }],
        };
      }
      return {
        titulo: t('titulo'),
        paragrafos: [t('texto'), t('regras')],
        linhas: [
          { label: app.text('transferencia.campo.credito'), text: formatMoney(s.quota.valorBem) },
          { label: app.text('transferencia.campo.taxa'), text: formatMoney(s.fee) },
        ],
        links: [
          { id: 'iniciar-transferencia', rotulo: t('continuar'), destino: `${BASE}/cpf-cnpj-cessionario`, variante: 'primary' },
          { id: 'voltar-inicio', rotulo: app.text('transferencia.voltar-inicio'), destino: '/home', variante: 'secondary' },
        ],
      };
    }
    const draft = draftOf(u);
    if (page === 'sucesso') {
      if (!draft?.protocolo) return { redirect: `${BASE}/introducao` };
      return {
        titulo: t('titulo'),
        paragrafos: [t('texto')],
        linhas: [
          { label: app.text('transferencia.campo.protocolo'), text: draft.protocolo },
          { label: app.text('transferencia.campo.taxa'), text: formatMoney(draft.taxa ?? 0) },
        ],
        links: [{ id: 'voltar-inicio', rotulo: app.text('transferencia.voltar-inicio'), destino: '/home', variante: 'primary' }],
      };
    }
    if (page === 'aguarde') {
      return { titulo: t('titulo'), paragrafos: [t('texto')], links: [{ id: 'voltar-inicio', rotulo: app.text('transferencia.voltar-inicio'), destino: '/home', variante: 'primary' }] };
    }
    // erro: 'Ops, não foi possível concluir a transferência de cota' with retry (doc 2 §8).
    return {
      titulo: t('titulo'),
      paragrafos: [draft?.erro ?? t('texto')],
      envios: draft ? [{ id: 'tentar-novamente', rotulo: t('tentar-novamente'), acao: 'quota-transfer/confirm' }] : [],
      links: [{ id: 'voltar-inicio', rotulo: app.text('transferencia.voltar-inicio'), destino: '/home', variante: 'secondary' }],
    };
  });

  app.screens.register('transferencia-cessionario', async (ctx) => {
    const u = ctx.upstream!;
    const s = await standing(u);
    if (s.inProgress) return { redirect: `${BASE}/aguarde` };
    if (s.refusal) return { redirect: `${BASE}/introducao` };
    const draft = draftOf(u);
    return { dados: draft ? { cpfCnpj: formatNationalId(draft.cessionario) } : {} };
  });

  app.screens.register('transferencia-confirmar-email', async (ctx) => {
    const u = ctx.upstream!;
    const draft = draftOf(u);
    if (!draft) return { redirect: `${BASE}/cpf-cnpj-cessionario` };
    const [s, email] = await Promise.all([standing(u), transferUpstream.email(u, idOf(u))]);
    if (s.inProgress) return { redirect: `${BASE}/aguarde` };
    if (s.refusal) return { redirect: `${BASE}/introducao` };
    return {
      email: email ?? app.text('comum.nao-informado'),
      linhas: [
        { label: app.text('transferencia.campo.cessionario'), text: formatNationalId(draft.cessionario) },
        { label: app.text('transferencia.campo.credito'), text: formatMoney(s.quota.valorBem) },
        { label: app.text('transferencia.campo.taxa'), text: formatMoney(s.fee) },
      ],
      corrigir: REGISTRATION_UPDATE,
    };
  });

  // The assignee's CPF/CNPJ must check and cannot be the holder's own; nothing is sent yet.
  app.actions.register('quota-transfer/assignee', {
    consistency: [{ fields: ['cpfCnpj'], rule: 'the assignee is not the quota holder', message: '@transferencia.erro.proprio-cpf', by: 'handler' }],
    input: z.object({ cpfCnpj: z.string('@transferencia.erro.cpf-cnpj-invalido').trim().min(1, '@erro.campo-obrigatorio') }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      const problem = assigneeProblem(input.cpfCnpj, u.session.data.customer.inscricaoNacional);
      if (problem) return { kind: 'field-errors', errors: { cpfCnpj: app.text(problem === 'proprio' ? 'transferencia.erro.proprio-cpf' : 'transferencia.erro.cpf-cnpj-invalido') } };
      await app.sessions.patch(u.session, { transferDraft: { idCota: idOf(u), cessionario: normaliseNationalId(input.cpfCnpj) } });
      return { kind: 'navigate', to: `${BASE}/confirmar-email` };
    },
  });

  // The holder confirmed the e-mail: the core system registers the request (fee 1 % of the credit).
  app.actions.register('quota-transfer/confirm', {
    idempotent: true,
    input: z.object({}).passthrough(),
    // The draft (the assignee typed) is one transfer request, from any tab or session.
    once: {
      draft: 'transferDraft',
      key: (_input, { request }) => {
        const draft = request.session!.data.transferDraft;
        return draft && draft.idCota === request.session!.data.quota?.idCota ? quotaMove(request, 'transferencia', { cessionario: draft.cessionario }) : null;
      },
      done: (result) => result.kind === 'navigate' && result.to === `${BASE}/sucesso`,
    },
    async handler(_input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      const draft = draftOf(u);
      if (!draft) return { kind: 'navigate', to: `${BASE}/cpf-cnpj-cessionario` };
      try {
        const [s, email] = await Promise.all([standing(u), transferUpstream.email(u, idOf(u))]);
        if (s.inProgress) return { kind: 'navigate', to: `${BASE}/aguarde` };
        if (s.refusal) return { kind: 'navigate', to: `${BASE}/introducao` };
        if (!email) return { kind: 'navigate', to: REGISTRATION_UPDATE };
        const answer = await transferUpstream.request(u, draft.cessionario, email);
        await app.sessions.patch(u.session, { transferDraft: { ...draft, protocolo: answer.protocolo, taxa: answer.taxa, erro: undefined } });
        return { kind: 'navigate', to: `${BASE}/sucesso` };
      } catch (err) {
        if (!(err instanceof UpstreamError) || err.tokenExpired) throw err;
        if (err.code === 'TRANSFER_IN_PROGRESS') return { kind: 'navigate', to: `${BASE}/aguarde` };
        // The assignee typed stays in the draft: the retry sends it again.
        await app.sessions.patch(u.session, { transferDraft: { ...draft, erro: err.unavailable ? undefined : err.upstreamMessage } });
        return { kind: 'navigate', to: `${BASE}/erro` };
      }
    },
  });
}
