import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { BANK_ACCOUNT_MESSAGES, bankAccountProblems, normaliseAccount, normaliseAgencyDigit } from '../../domain/bank-account.js';
import { REGISTRATION_MESSAGES } from '../../domain/registration.js';
import { formatNationalId, normaliseNationalId } from '../../domain/format.js';
import { DECIDE, DEVOLUCAO, NOT_ALLOWED, nextDocumentsStep, quotaIdOf, refundAccess, refundMove, refundOf, refusalOf, statusOf } from './flow.js';
import { refundUpstream } from './refund-upstream.js';

/**
 * The account the refund is paid into (doc 2 §3.7, §5): the holder's own CPF/CNPJ, no salary
 * account, a joint account only as first holder, the agency digit only where the bank uses one,
 * every account digit (letters as zero), checking or savings, the operation. A reversed payment
 * reopens it with the probable causes, then the payment is programmed again.
 */
export default async function refundBankData(app: FastifyInstance) {
  app.screens.register('devolucao-dados-bancarios', async (ctx) => {
    const upstream = ctx.upstream!;
    if (!(await refundAccess(upstream)).allowed) return NOT_ALLOWED;
    const [data, banks] = await Promise.all([refundOf(upstream), refundUpstream.banks(upstream, quotaIdOf(upstream))]);
    if (!data?.iniciada) return DECIDE;
    const estorno = statusOf(data) === 'PAGAMENTO_ESTORNADO';
    const customer = upstream.session.data.customer;
    const current = data.dadosBancarios;
    return {
      estorno,
      favorecido: customer.nome,
      codigos: banks.data.map((b) => b.codigo),
      nomes: banks.data.map((b) => `${b.codigo} · ${b.nome}`),
      dados: {
        titularDocumento: formatNationalId(customer.inscricaoNacional),
        tipoConta: 'CORRENTE',
        contaConjunta: false,
        ...(current
          ? { banco: current.banco, agencia: current.agencia, digitoAgencia: current.digitoAgencia ?? '', conta: current.conta, tipoConta: current.tipoConta, operacao: current.operacao ?? '', contaConjunta: current.contaConjunta ?? false }
          : {}),
      },
    };
  });

  const text = (message: string) => z.string(message).max(40);
  const BankInput = z.object({
    banco: text('@devolucao.erro.banco'),
    agencia: text('@devolucao.erro.agencia'),
    digitoAgencia: z.string().max(2).optional(),
    conta: text('@devolucao.erro.conta'),
    tipoConta: text('@devolucao.erro.tipo-conta'),
    operacao: z.string().max(6).optional(),
    titularDocumento: text('@devolucao.erro.titular'),
    contaConjunta: z.boolean().optional(),
    primeiroTitular: z.boolean().optional(),
  });

  app.actions.register('refund/bank-data', {
    idempotent: true,
    consistency: [
      { fields: ['titularDocumento'], rule: 'the account is under the quota holder’s own CPF or CNPJ', message: REGISTRATION_MESSAGES.accountOwner, by: 'handler' },
      { fields: ['contaConjunta', 'primeiroTitular'], rule: 'a joint account has the quota holder as its first holder', message: BANK_ACCOUNT_MESSAGES.jointFirstHolder, by: 'handler' },
      { fields: ['banco', 'digitoAgencia'], rule: 'the banks that number agencies with a digit have it given', message: BANK_ACCOUNT_MESSAGES.agencyDigit, by: 'handler' },
      { fields: ['banco', 'digitoAgencia'], rule: 'the other banks have it left empty', message: BANK_ACCOUNT_MESSAGES.noAgencyDigit, by: 'handler' },
    ],
    input: BankInput,
    once: { key: (input, { upstream }) => refundMove(upstream!, 'dados-bancarios', input) },
    async handler(input, { upstream }): Promise<ActionResult> {
      const u = upstream!;
      const holder = u.session.data.customer.inscricaoNacional;
      // The rules first: a refused account sends nothing.
      const problems = bankAccountProblems(input, holder);
      if (Object.keys(problems).length > 0) return { kind: 'field-errors', errors: problems };
      if (!(await refundAccess(u)).allowed) return { kind: 'navigate', to: NOT_ALLOWED.redirect };
      const digit = normaliseAgencyDigit(input.digitoAgencia);
      const operacao = input.operacao?.trim();
      try {
        const data = await refundOf(u);
        if (!data?.iniciada) return { kind: 'navigate', to: DEVOLUCAO };
        const reversed = statusOf(data) === 'PAGAMENTO_ESTORNADO';
        await refundUpstream.requestPayment(u, quotaIdOf(u), {
          dadosBancarios: {
            favorecido: u.session.data.customer.nome,
            banco: input.banco,
            agencia: input.agencia.trim(),
            ...(digit ? { digitoAgencia: digit } : {}),
            conta: normaliseAccount(input.conta),
            tipoConta: input.tipoConta as 'CORRENTE' | 'POUPANCA',
            ...(operacao ? { operacao } : {}),
            titularDocumento: normaliseNationalId(holder),
            ...(input.contaConjunta ? { contaConjunta: true } : {}),
          },
        });
        // Redoing a reversed payment: the documents stay approved, the payment is programmed again.
        return { kind: 'navigate', to: reversed ? `${DEVOLUCAO}/documento-aprovado` : data.status === 'NAO_INICIADO' ? nextDocumentsStep(u, data) : DEVOLUCAO };
      } catch (err) {
        return refusalOf(app, err);
      }
    },
  });
}
