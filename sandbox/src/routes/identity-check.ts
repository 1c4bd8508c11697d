import { session } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, invalid, notFound } from '../http.js';
import type { SandboxContext } from '../context.js';

/** Identity analysis takes about 3 minutes (spec doc 1 §9), on the sandbox clock. */
const ANALYSIS_MS = 3 * 60_000;

/**
 * Forgotten e-mail: antifraude/recuperacao-senha/iniciar starts an identity check, .../status/{id}
 * answers EM_ANALISE, then APROVADO (REPROVADO for a cancelled customer's check, so both ends can
 * be shown); recuperar-senha/e-mail then records the new e-mail and sends the instructions.
 */
export default async function identityCheckRoutes(app: FastifyInstance, { state, outbox }: SandboxContext) {
  /** Identity checks started (forgotten e-mail, profile documents) and what each document analysis found. */
  const records = () => state.local('identity-checks', () => ({ checks: new Map<string, { customer: string; startedAt: number }>(), analyses: new Map<string, 'PROBLEMA_DOCUMENTO' | null>() }));

  serve(app, session.identityCheckStart, async (request, reply) => {
    const parsed = z.object({ inscricaoNacional: z.string().min(11), dataNascimentoFundacao: z.iso.date() }).safeParse(request.body);
    if (!parsed.success) return invalid(reply, 'inscricaoNacional e dataNascimentoFundacao são obrigatórios.');
    const customer = state.findCustomerByDocument(parsed.data.inscricaoNacional);
    if (!customer || customer.dataNascimento !== parsed.data.dataNascimentoFundacao) return fail(reply, 400, 'Os dados informados não conferem com o nosso cadastro.');
    const id = randomUUID();
    records().checks.set(id, { customer: customer.key, startedAt: state.clock.now() });
    return { id, status: 'EM_ANALISE' };
  });

  serve(app, session.identityCheckStatus, async (request, reply) => {
    const check = records().checks.get((request.params as { id: string }).id);
    if (!check) return notFound(reply, 'Verificação não encontrada.');
    if (state.clock.now() - check.startedAt < ANALYSIS_MS) return { status: 'EM_ANALISE' };
    const problem = records().analyses.get((request.params as { id: string }).id);
    if (problem) return { status: problem };
    const refused = state.quotasOf(check.customer).every((q) => q.situacaoCota === 'CANCELADO');
    return { status: refused ? 'REPROVADO' : 'APROVADO' };
  });

  // Document analysis from the profile: files uploaded first (arquivos/v2), each type with its minimum pages.
  const MIN_PAGES: Record<string, number> = { RNE: 1, RG: 2, 'Carteira de classe': 2, CNH: 1, DNI: 2, CTPS: 3, 'Carteira das Forças Armadas': 1 };
  /** A page under 2 KB cannot be read: the analysis ends in a document problem. */
  const READABLE_BYTES = 2048;
  serve(app, session.identityDocuments, async (request, reply) => {
    const parsed = z.object({ inscricaoNacional: z.string().min(11), tipoDocumento: z.string().min(2), arquivos: z.array(z.string()).min(1).max(5) }).safeParse(request.body);
    if (!parsed.success) return invalid(reply, 'inscricaoNacional, tipoDocumento e arquivos são obrigatórios.');
    const customer = state.findCustomerByDocument(parsed.data.inscricaoNacional);
    const files = parsed.data.arquivos.map((id) => state.files.get(id));
    if (!customer || files.some((f) => !f || f.owner !== customer.key)) return fail(reply, 400, 'Arquivos não encontrados para este cliente.');
    const min = MIN_PAGES[parsed.data.tipoDocumento] ?? 1;
    if (files.length < min) return invalid(reply, `O documento ${parsed.data.tipoDocumento} exige ${min} página(s).`);
    const id = randomUUID();
    records().checks.set(id, { customer: customer.key, startedAt: state.clock.now() });
    records().analyses.set(id, files.some((f) => f!.data.length < READABLE_BYTES) ? 'PROBLEMA_DOCUMENTO' : null);
    return { id, status: 'EM_ANALISE' };
  });

  serve(app, session.identityCheckEmail, async (request, reply) => {
    const parsed = z.object({ id: z.string(), email: z.email() }).safeParse(request.body);
    if (!parsed.success) return invalid(reply, 'id e email são obrigatórios.');
    const check = records().checks.get(parsed.data.id);
    if (!check || state.clock.now() - check.startedAt < ANALYSIS_MS) return fail(reply, 400, 'Identidade ainda não confirmada.');
    const customer = state.customers.get(check.customer)!;
    customer.email = parsed.data.email;
    records().checks.delete(parsed.data.id);
    outbox.push({ at: new Date(state.clock.now()).toISOString(), channel: 'email', to: customer.email, text: 'Seu e-mail foi atualizado. Siga as instruções para criar uma nova senha.' });
    return { message: 'E-mail atualizado.' };
  });
}
