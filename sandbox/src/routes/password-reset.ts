import { session } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, invalid } from '../http.js';
import type { SandboxContext } from '../context.js';

const ResetBody = z.object({ inscricaoNacional: z.string().min(11), email: z.email(), dataNascimentoFundacao: z.iso.date() });

/**
 * POST login/recuperar-senha/cliente (spec doc 1 §7): when document, e-mail and birth/founding
 * date match, the back office e-mails the instructions (to the sandbox outbox).
 */
export default async function passwordResetRoutes(app: FastifyInstance, { state, outbox }: SandboxContext) {
  serve(app, session.forgotPassword, async (request, reply) => {
    const parsed = ResetBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, 'inscricaoNacional, email e dataNascimentoFundacao (AAAA-MM-DD) são obrigatórios.');
    const customer = state.findCustomerByDocument(parsed.data.inscricaoNacional);
    const matches = customer && customer.email.toLowerCase() === parsed.data.email.toLowerCase() && customer.dataNascimento === parsed.data.dataNascimentoFundacao;
    if (!customer || !matches) return fail(reply, 400, 'Os dados informados não conferem com o nosso cadastro.');
    outbox.push({
      at: new Date(state.clock.now()).toISOString(),
      channel: 'email',
      to: customer.email,
      text: 'Recebemos seu pedido para criar uma nova senha. Siga as instruções deste e-mail.',
    });
    return { message: 'Enviamos um e-mail com as instruções para criar uma nova senha.' };
  });
}
