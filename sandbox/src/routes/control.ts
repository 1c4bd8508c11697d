import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FaultInput } from '../faults.js';
import { CASH_BILLING_STATUSES } from './cash-billing.js';
import { mintTransparentToken } from './transparent.js';
import type { SandboxContext } from '../context.js';

const Warning = z.object({
  startDate: z.string(),
  startHour: z.string(),
  endDate: z.string(),
  endHour: z.string(),
  active: z.boolean(),
  text: z.string(),
});

const Version = z.object({ id: z.number().int(), platform: z.string(), version: z.string(), mandatory: z.boolean() });

/**
 * /__sandbox: the control panel tests and demos use. Not part of the contract; the server
 * never calls it.
 */
export default async function controlRoutes(app: FastifyInstance, ctx: SandboxContext) {
  const { state, faults, calls, outbox } = ctx;

  app.get('/health', async () => ({ status: 'ok' }));

  app.post('/reset', async () => {
    state.reset();
    state.clock.reset();
    faults.clear();
    calls.length = 0;
    outbox.length = 0;
    return { status: 'reset' };
  });

  // The bank confirms a slip's payment: the slip and its instalments are paid.
  app.post('/boletos/:id/pagar', async (request, reply) => {
    const slip = state.billing.slips.get((request.params as { id: string }).id);
    if (!slip) return reply.code(404).send({ message: 'Boleto não encontrado.' });
    for (const id of slip.cobrancas) {
      const instalment = state.billing.instalments.get(id);
      if (!instalment || instalment.situacao !== 'EM_ABERTO') continue;
      const quota = state.quotas.get(instalment.idCota)!;
      if (instalment.venceEmDias < 0) quota.parcelasAtraso = Math.max(0, quota.parcelasAtraso - 1);
      quota.parcelasPagas += 1;
      quota.parcelasRestantes = Math.max(0, quota.parcelasRestantes - 1);
    }
    state.billing.pay(slip);
    return { idBoleto: slip.idBoleto, situacao: slip.situacao };
  });

  // Puts a persona's quotas on a renegotiation boundary (renegotiations done, paid instalments).
  const PlanState = z.object({ renegociacoes: z.number().int().min(0).max(10), parcelasPagas: z.number().int().min(0).optional() });
  app.post('/quotas/:persona/renegociacoes', async (request, reply) => {
    const body = PlanState.safeParse(request.body);
    const quotas = state.quotasOf((request.params as { persona: string }).persona);
    if (!body.success || quotas.length === 0) return reply.code(400).send({ message: 'Persona ou valores inválidos.' });
    for (const quota of quotas) {
      state.billing.renegotiations.set(quota.idCota, body.data.renegociacoes);
      if (body.data.parcelasPagas !== undefined) quota.parcelasPagas = body.data.parcelasPagas;
    }
    return { cotas: quotas.map((q) => q.idCota) };
  });

  // Opens a CRM case for a persona (phases such as 'Prazo Finalizado' that no seed carries).
  const NewCase = z.object({ numero: z.string().min(1), tipo: z.string().min(1), status: z.enum(['EM_ANDAMENTO', 'ESCALADO', 'FECHADO', 'Concluído']), fase: z.string().min(1), criadoHaDias: z.number().int().min(0) });
  app.post('/customers/:persona/cases', async (request, reply) => {
    const body = NewCase.safeParse(request.body);
    const customer = state.customers.get((request.params as { persona: string }).persona);
    if (!body.success || !customer) return reply.code(400).send({ message: 'Persona ou caso inválido.' });
    customer.casos = [body.data as NonNullable<typeof customer.casos>[number], ...(customer.casos ?? [])];
    return { casos: customer.casos.length };
  });

  // Sets a quota's cash-credit billing status (any of the 23 of doc 2 §4.4), for tests and demos.
  const CashStatus = z.object({ status: z.enum(CASH_BILLING_STATUSES), possuiCaso: z.boolean().optional() });
  app.put('/quotas/:idCota/faturamento-credito', async (request, reply) => {
    const body = CashStatus.safeParse(request.body);
    const quota = state.quotas.get(Number((request.params as { idCota: string }).idCota));
    if (!body.success || !quota) return reply.code(400).send({ message: 'Cota ou status inválido.' });
    quota.processos = { ...quota.processos, especie: { ...quota.processos?.especie, status: body.data.status, possuiCaso: body.data.possuiCaso ?? quota.processos?.especie?.possuiCaso ?? true } };
    // The bank returned the payment: the timeline shows it as an error.
    if (body.data.status === 'PAGAMENTO_ESTORNADO') {
      const especie = quota.processos.especie!;
      especie.eventos = [...(especie.eventos ?? []), { situacao: 'Erro', descricao: 'Pagamento estornado pelo banco', em: new Date(state.clock.now()).toISOString() }];
    }
    return quota.processos.especie;
  });

  // Removes a quota's cash-credit billing process ('sua cota não possui processos' from then on).
  app.delete('/quotas/:idCota/faturamento-credito', async (request, reply) => {
    const quota = state.quotas.get(Number((request.params as { idCota: string }).idCota));
    if (!quota) return reply.code(400).send({ message: 'Cota inválida.' });
    if (quota.processos) delete quota.processos.especie;
    return reply.code(204).send();
  });

  // Sets what the core system says about a quota's billing: a contemplating bid with FGTS, a
  // restriction code on the holder (null clears it), the analyst's answer.
  const QuotaFlags = z.object({ lanceComFgts: z.boolean().optional(), codigoRestricao: z.number().int().nullable().optional(), respostaAnalista: z.string().max(500).optional() }).strict();
  app.patch('/quotas/:idCota', async (request, reply) => {
    const body = QuotaFlags.safeParse(request.body);
    const quota = state.quotas.get(Number((request.params as { idCota: string }).idCota));
    if (!body.success || !quota) return reply.code(400).send({ message: 'Cota ou dados inválidos.' });
    if (body.data.lanceComFgts !== undefined) quota.lanceComFgts = body.data.lanceComFgts;
    if (body.data.codigoRestricao === null) delete quota.codigoRestricao;
    else if (body.data.codigoRestricao !== undefined) quota.codigoRestricao = body.data.codigoRestricao;
    if (body.data.respostaAnalista !== undefined && quota.processos?.especie) quota.processos.especie.respostaAnalista = body.data.respostaAnalista;
    return { idCota: quota.idCota, lanceComFgts: quota.lanceComFgts ?? false, codigoRestricao: quota.codigoRestricao ?? null };
  });

  app.get('/calls', async () => ({ data: calls }));
  // Rotated refresh tokens used again (the soak reports them): replayed within the grace, or revoked.
  app.get('/refresh-reuse', async () => state.refreshReuse);
  app.delete('/calls', async (_request, reply) => {
    calls.length = 0;
    return reply.code(204).send();
  });

  app.get('/outbox', async () => ({ data: outbox }));

  app.get('/faults', async () => ({ data: faults.list() }));
  app.post('/faults', async (request, reply) => {
    const parsed = FaultInput.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ detail: z.prettifyError(parsed.error) });
    faults.add(parsed.data);
    return reply.code(201).send(parsed.data);
  });
  app.delete('/faults', async (_request, reply) => {
    faults.clear();
    return reply.code(204).send();
  });

  app.put('/partners/:id/warnings', async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    if (!state.partners.has(id)) return reply.code(404).send({ code: 'RESOURCE_NOT_FOUND', message: 'Parceiro não encontrado.' });
    const parsed = z.array(Warning).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ detail: z.prettifyError(parsed.error) });
    state.warnings.set(id, parsed.data);
    return { data: parsed.data };
  });

  app.put('/versions', async (request, reply) => {
    const parsed = z.array(Version).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ detail: z.prettifyError(parsed.error) });
    state.versions = parsed.data;
    return { data: parsed.data };
  });

  app.get('/clock', async () => ({ now: new Date(state.clock.now()).toISOString(), today: state.clock.day() }));
  app.put('/clock', async (request, reply) => {
    const parsed = z.object({ now: z.iso.datetime({ offset: true }) }).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ detail: 'Informe now como data e hora ISO 8601.' });
    state.clock.set(parsed.data.now);
    return { now: new Date(state.clock.now()).toISOString() };
  });
  app.post('/clock/advance', async (request, reply) => {
    const parsed = z.object({ seconds: z.number().int() }).safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ detail: 'Informe seconds (inteiro).' });
    state.clock.advance(parsed.data.seconds);
    return { now: new Date(state.clock.now()).toISOString() };
  });

  app.post('/transparent-tokens', async (request, reply) => {
    const parsed = z.object({ persona: z.string(), idCota: z.number().int().optional(), agent: z.string().optional() }).safeParse(request.body);
    if (!parsed.success || !state.customers.has(parsed.data.persona)) return reply.code(400).send({ detail: 'Informe persona (chave) e, se quiser, idCota.' });
    const idCota = parsed.data.idCota ?? state.quotasOf(parsed.data.persona)[0]?.idCota;
    return { token: mintTransparentToken(state, parsed.data.persona, idCota, parsed.data.agent) };
  });

  app.get('/personas', async () => ({
    data: [...state.customers.values()].map((c) => ({
      key: c.key,
      nome: c.nome,
      document: c.document,
      password: c.password,
      partner: c.partnerId,
      quotas: state.quotasOf(c.key).map((q) => `${q.grupo}-${q.cota}-${q.versao}`),
    })),
  }));
}
