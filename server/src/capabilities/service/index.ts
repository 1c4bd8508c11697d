import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatDate, padDigits } from '../../domain/format.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { branches, customerCases, groupSituation, type CustomerCase } from './service-upstream.js';
import { STATE_CODES, STATES, type StateCode } from './states.js';

const GROUP_STATUS: Record<string, string> = { EM_ANDAMENTO: 'Em andamento', FORMACAO: 'Em formação', ENCERRADO: 'Encerrado' };
const CASE_STATUS: Record<string, string> = { EM_ANDAMENTO: 'Em andamento', ESCALADO: 'Em análise', FECHADO: 'Concluída' };
const ACCOUNT_TYPE: Record<string, string> = { CORRENTE: 'Conta corrente', POUPANCA: 'Conta poupança' };

const Uf = z.enum(STATE_CODES as [StateCode, ...StateCode[]], '@filiais.erro.uf');
const City = z.string().trim().min(1).max(100);
const BankData = z.object({ banco: z.string(), agencia: z.string(), conta: z.string(), tipoConta: z.string() });

const formatPhone = (digits: string) => (digits.length === 10 ? `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}` : digits);

/** Bank data a request carries in DadosApp__c (JSON), shown as one line; absent or unreadable → ''. */
function bankLine(raw: string | null | undefined): string {
  if (!raw) return '';
  try {
    const parsed = BankData.safeParse((JSON.parse(raw) as { dadosBancarios?: unknown }).dadosBancarios);
    if (!parsed.success) return '';
    const d = parsed.data;
    return `${d.banco} · Agência ${d.agencia} · ${ACCOUNT_TYPE[d.tipoConta] ?? d.tipoConta} ${d.conta}`;
  } catch {
    return '';
  }
}

/** CRM dates come as DD/MM/YYYY or ISO. */
const caseDate = (value: string) => (/^\d{4}-\d{2}-\d{2}/.test(value) ? formatDate(value.slice(0, 10)) : value);

const requestView = (c: CustomerCase, notInformed: string) => ({
  protocolo: c.CaseNumber,
  tipo: c.Type ?? notInformed,
  situacao: CASE_STATUS[c.Status] ?? c.Status,
  fase: c.Fase__c ?? '',
  data: caseDate(c.CreatedDate),
  comentarios: c.Observacao__c ?? '',
  dadosBancarios: bankLine(c.DadosApp__c),
});

/**
 * Service screens of the customer area (spec doc 1 §2): /filiais (branches by state and city),
 * /situacaodogrupo (core/grupo/situacao; a failure says it cannot be accessed now), /requests
 * (the customer's CRM cases: protocol, type, status, comments, date, bank data) and
 * /customer-service (support hours and the partner's WhatsApp link).
 */
export default async function service(app: FastifyInstance) {
  app.screens.register('filiais', async (ctx) => {
    const uf = Uf.safeParse(ctx.query.get('uf'));
    const states = { codigos: STATE_CODES, nomes: STATE_CODES.map((c) => `${STATES[c]} (${c})`) };
    if (!uf.success) return { estados: states, uf: '', formEstado: {}, escolheuUf: false, ufInvalida: ctx.query.has('uf') };
    const all = (await branches(ctx.upstream!, uf.data)).data;
    const cities = [...new Set(all.map((b) => b.cidade))].sort((a, b) => a.localeCompare(b, 'pt-BR'));
    const city = City.safeParse(ctx.query.get('cidade'));
    const chosen = city.success ? cities.find((c) => c.toLowerCase() === city.data.toLowerCase()) : undefined;
    const shown = chosen ? all.filter((b) => b.cidade === chosen) : [];
    return {
      estados: states,
      uf: uf.data,
      formEstado: { uf: uf.data },
      formCidade: chosen ? { cidade: chosen } : {},
      escolheuUf: true,
      estado: STATES[uf.data],
      semFiliais: cities.length === 0,
      cidades: { codigos: cities.length ? cities : ['—'], nomes: cities.length ? cities : ['—'] },
      cidade: chosen ?? '',
      escolheuCidade: Boolean(chosen),
      filiais: shown.map((b) => ({ id: b.id, nome: b.nome, endereco: `${b.endereco} – ${b.cidade}/${b.estado}`, telefone: formatPhone(b.telefone), horario: b.horario ?? '' })),
    };
  });

  app.actions.register('service/branches', {
    input: z.object({ uf: Uf, cidade: City.optional() }),
    async handler(input): Promise<ActionResult> {
      const query = new URLSearchParams({ uf: input.uf, ...(input.cidade ? { cidade: input.cidade } : {}) });
      return { kind: 'navigate', to: `/filiais?${query.toString()}` };
    },
  });

  app.screens.register('situacaodogrupo', async (ctx) => {
    const quota = ctx.upstream!.session.data.quota!;
    try {
      const g = await groupSituation(ctx.upstream!);
      const rows = [
        { label: app.text('grupo.campo.grupo'), text: padDigits(g.grupo, 6) },
        { label: app.text('grupo.campo.situacao'), text: GROUP_STATUS[g.situacao] ?? g.situacao },
        ...(g.prazoMeses ? [{ label: app.text('grupo.campo.prazo'), text: app.text('grupo.meses', { meses: g.prazoMeses }) }] : []),
        ...(g.assembleiaAtual ? [{ label: app.text('grupo.campo.assembleia'), text: `${g.assembleiaAtual}ª` }] : []),
        ...(g.proximaAssembleia ? [{ label: app.text('grupo.campo.proxima'), text: formatDate(g.proximaAssembleia) }] : []),
        ...(g.participantesAtivos !== undefined ? [{ label: app.text('grupo.campo.participantes'), text: String(g.participantesAtivos) }] : []),
        ...(g.contemplados !== undefined ? [{ label: app.text('grupo.campo.contemplados'), text: String(g.contemplados) }] : []),
      ];
      return { erro: false, linhas: rows, cota: `Grupo ${quota.grupo} · Cota ${quota.cota}` };
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      ctx.request.log.warn({ status: err.status }, 'group situation unavailable');
      return { erro: true, linhas: [], cota: `Grupo ${quota.grupo} · Cota ${quota.cota}` };
    }
  });

  app.screens.register('solicitacoes', async (ctx) => {
    try {
      const cases = await customerCases(ctx.upstream!);
      return { erro: false, solicitacoes: cases.map((c) => requestView(c, app.text('comum.nao-informado'))) };
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      ctx.request.log.warn({ status: err.status }, 'CRM cases unavailable');
      return { erro: true, solicitacoes: [] };
    }
  });

  app.screens.register('atendimento', async (ctx) => {
    const { link_atendimento_whatsapp, whatsapp_url } = ctx.partner.partner;
    const whatsapp = [link_atendimento_whatsapp, whatsapp_url].find((u) => typeof u === 'string' && /^https:\/\//.test(u)) ?? '';
    return { whatsapp };
  });
}
