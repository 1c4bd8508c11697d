import { registration } from '../../../../back-office/index.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatCep } from '@brazilian-utils/brazilian-utils';
import { formatPhone } from '../../domain/registration.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { billingOf, navigate, quotaIdOf, refusalOf, type StepButton, type Steps } from './flow.js';
import { NO_USED_PROCESS, SEMINOVO, usedProcess, usedState, usedStepOf } from './used-flow.js';
import { usedUpstream } from './used-vehicle-upstream.js';
import { quotaMove } from '../../security/once.js';


/** The main phone, e-mail and address as the registration keeps them (the first of each list, doc 2 §3.1). */
async function currentData(u: CustomerUpstream, notInformed: string) {
  const data = await u.request(registration.get, { params: { id: quotaIdOf(u) } });
  const phone = data.telefones[0];
  const address = data.enderecos[0];
  return {
    telefone: phone ? formatPhone(`${phone.ddd}${phone.numero}`) : notInformed,
    email: data.emails[0]?.email ?? notInformed,
    endereco: address ? `${address.logradouro}, ${address.numero || '0'}${address.complemento ? ` ${address.complemento}` : ''} — ${address.bairro}, ${address.cidade}/${address.uf} · CEP ${formatCep(address.cep)}` : notInformed,
  };
}

/** The pages of the registration update, in order: what each shows, where it changes, where it goes on. */
const PAGES = [
  { page: 'telefone', field: 'telefone', change: '/perfil/email-telefone', next: `${SEMINOVO}/atualizacaocadastral/email` },
  { page: 'email', field: 'email', change: '/perfil/email-telefone', next: `${SEMINOVO}/atualizacaocadastral/endereco` },
  { page: 'endereco', field: 'endereco', change: '/perfil/endereco', next: `${SEMINOVO}/atualizacaocadastral/resumo` },
] as const;

/**
 * Used vehicle, registration update (doc 2 §2.5, §4.5 "awaiting vehicle choice"): phone, e-mail
 * and address each confirmed or changed (a change goes through the profile, confirmed by the SMS
 * token, doc 2 §6; a partner agent only sees them), then the summary confirms and the simulation
 * opens.
 */
export default async function usedRegistration(app: FastifyInstance, { steps }: { steps: Steps }) {
  const agent = (u: CustomerUpstream) => Boolean(u.session.data.agent);

  for (const p of PAGES) {
    steps.set(`${SEMINOVO}/atualizacaocadastral/${p.page}`, async (ctx, data) => {
      if (!usedProcess(data)) return NO_USED_PROCESS;
      const current = await currentData(ctx.upstream!, app.text('comum.nao-informado'));
      const botoes: StepButton[] = [navigate(app, 'seminovo.cadastro.correto', p.next)];
      if (!agent(ctx.upstream!)) botoes.push(navigate(app, 'seminovo.cadastro.alterar', p.change, 'secondary'));
      return usedStepOf(app, `cadastro-${p.page}`, { linhas: [{ label: app.text(`seminovo.campo.${p.field}`), text: current[p.field] }], ...(agent(ctx.upstream!) ? { aviso: app.text('seminovo.cadastro.agente') } : {}), botoes });
    });
  }

  steps.set(`${SEMINOVO}/atualizacaocadastral/resumo`, async (ctx, data) => {
    if (!usedProcess(data)) return NO_USED_PROCESS;
    const current = await currentData(ctx.upstream!, app.text('comum.nao-informado'));
    return usedStepOf(app, 'cadastro-resumo', {
      linhas: (['telefone', 'email', 'endereco'] as const).map((f) => ({ label: app.text(`seminovo.campo.${f}`), text: current[f] })),
      formularios: [
        {
          id: 'form-cadastro-resumo',
          schema: { type: 'object', required: ['confirma'], properties: { confirma: { type: 'boolean', title: app.text('seminovo.cadastro.confirma'), errorMessage: app.text('seminovo.erro.confirmar-cadastro') } } },
          uiSchema: {},
          formData: {},
          rotulo: app.text('seminovo.continuar'),
          acao: 'used-vehicle/registration-confirm',
        },
      ],
      botoes: [navigate(app, 'seminovo.cadastro.revisar', `${SEMINOVO}/atualizacaocadastral/telefone`, 'secondary')],
    });
  });

  app.actions.register('used-vehicle/registration-confirm', {
    input: z.object({ confirma: z.literal(true, '@seminovo.erro.confirmar-cadastro') }),
    // Confirming starts the used-vehicle process once.
    once: { key: (_input, { request }) => quotaMove(request, 'seminovo-inicio') },
    async handler(_input, { upstream }): Promise<ActionResult> {
      const data = usedProcess(await billingOf(upstream!));
      if (!data) return { kind: 'navigate', to: '/faturamento' };
      try {
        // The registration confirmed: the process goes on to the simulation (awaiting inspection data).
        if (usedState(data) === 'AGUARDANDO_ESCOLHA_BEM') await usedUpstream.start(upstream!, quotaIdOf(upstream!));
      } catch (err) {
        return refusalOf(app, err);
      }
      return { kind: 'navigate', to: `${SEMINOVO}/simulacao/regrasdeaceite` };
    },
  });
}
