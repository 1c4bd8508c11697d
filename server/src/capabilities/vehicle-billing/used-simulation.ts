import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatMoney } from '../../domain/format.js';
import { acceptance, ACCEPTANCE_RULES, ageProblem, bandRows, groupOf, lookupFound, maxAgeOf, parseAno, parseFipe, parsePlate, trimColour, USED_MESSAGES, VehicleClass, type AcceptanceResult } from '../../domain/used-vehicle.js';
import { VEHICLE_MESSAGES } from '../../domain/vehicle-billing.js';
import type { CustomerUpstream } from '../../upstream/customer-upstream.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { selectedQuota } from '../quotas/quotas-upstream.js';
import { navigate, requestedVehicleRows, sameName, quotaIdOf, refusalOf, todayOf, type Steps } from './flow.js';
import { BEFORE_VEHICLE, NO_USED_PROCESS, SEMINOVO, usedProcess, usedState, usedStepOf } from './used-flow.js';
import { usedUpstream, type PlateLookup } from './used-vehicle-upstream.js';
import { vehicleUpstream } from './vehicle-billing-upstream.js';

const SIM = `${SEMINOVO}/simulacao`;
const STATES = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const;

/** A plate lookup; a failed one (refused, unknown) marks the vehicle not found (doc 2 §8). An unavailable back office goes on as an error. */
async function lookup(u: CustomerUpstream, placa: string): Promise<PlateLookup | null> {
  try {
    const answer = await usedUpstream.plateLookup(u, quotaIdOf(u), placa);
    return lookupFound(answer) ? answer : null;
  } catch (err) {
    if (err instanceof UpstreamError && !err.unavailable && !err.tokenExpired) return null;
    throw err;
  }
}

interface Candidate {
  placa?: string;
  marca: string;
  codigoFabricante: string;
  modelo: string;
  anoFabricacao: number;
  anoModelo: number;
  cor: string;
  fipe: number;
  tipo: string;
  uf?: string;
  chassi?: string;
  renavam?: string;
  chassiRecuperado?: boolean;
  historicoLeilao?: boolean;
}

/**
 * Used vehicle, simulation (doc 2 §2.5, §3.4, §5): the acceptance rules (configuration), the
 * plate (ABC1D23 or ABC1234), found (brand and plate came back) or not found (typed by hand, or a
 * brand inclusion of up to 48 h), the simulation and the rules' verdict: approved (the vehicle
 * is recorded and the inspection opens) or rejected (why).
 */
export default async function usedSimulation(app: FastifyInstance, { steps }: { steps: Steps }) {
  const unitOf = async (request: FastifyRequest) => (await app.partners.forRequest(request)).partner.business_unit_id ?? '';

  steps.set(`${SIM}/regrasdeaceite`, async (_ctx, data) => {
    if (!usedProcess(data)) return NO_USED_PROCESS;
    // A table by vehicle class and age: one row per age band of each group, then the age refused.
    const tabela = {
      titulo: app.text('seminovo.regras.tabela'),
      colunas: [app.text('seminovo.regras.coluna.veiculo'), app.text('seminovo.regras.coluna.idade'), app.text('seminovo.regras.coluna.valor-minimo')],
      linhas: ACCEPTANCE_RULES.grupos.flatMap((g) => bandRows(g).map((b) => [g.descricao, b.idade, b.valorMinimo])),
    };
    const itens = [app.text('seminovo.regras.chassi'), app.text('seminovo.regras.leilao')];
    return usedStepOf(app, 'regras-aceite', { tabela, itens, botoes: [navigate(app, 'seminovo.entendi', SIM)] }, { idade: String(ACCEPTANCE_RULES.idadeMaximaGeral) });
  });

  steps.set(SIM, async (_ctx, data) => {
    if (!usedProcess(data)) return NO_USED_PROCESS;
    if (!BEFORE_VEHICLE.has(usedState(data!))) return { redirect: `${SIM}/aprovado` };
    return usedStepOf(app, 'simulacao', {
      linhas: [
        { label: app.text('veiculo.rotulo.credito'), text: formatMoney(data!.creditoDisponivel) },
        { label: app.text('veiculo.rotulo.saldo-devedor'), text: formatMoney(data!.saldoDevedor) },
      ],
      botoes: [navigate(app, 'seminovo.simulacao.informar-placa', `${SIM}/placa`), navigate(app, 'seminovo.simulacao.ver-regras', `${SIM}/regrasdeaceite`, 'link')],
    });
  });

  steps.set(`${SIM}/placa`, async (ctx, data) => {
    if (!usedProcess(data)) return NO_USED_PROCESS;
    return usedStepOf(app, 'placa', {
      formularios: [
        {
          id: 'form-placa',
          schema: { type: 'object', required: ['placa'], properties: { placa: { type: 'string', title: app.text('seminovo.campo.placa'), maxLength: 8, errorMessage: USED_MESSAGES.plate } } },
          uiSchema: { placa: { 'ui:placeholder': 'ABC1D23' } },
          formData: { placa: ctx.query.get('placa') ?? '' },
          rotulo: app.text('seminovo.simulacao.buscar'),
          acao: 'used-vehicle/plate',
        },
      ],
    });
  });

  app.actions.register('used-vehicle/plate', {
    input: z.object({ placa: z.string(`@seminovo.erro.placa`).max(12, '@seminovo.erro.placa') }),
    async handler(input, { upstream }): Promise<ActionResult> {
      const placa = parsePlate(input.placa);
      if (!placa) return { kind: 'field-errors', errors: { placa: USED_MESSAGES.plate } };
      const found = await lookup(upstream!, placa);
      return { kind: 'navigate', to: `${SIM}/${found ? 'placaencontrada' : 'placanaoencontrada'}?placa=${placa}` };
    },
  });

  steps.set(`${SIM}/placaencontrada`, async (ctx, data) => {
    if (!usedProcess(data)) return NO_USED_PROCESS;
    const placa = parsePlate(ctx.query.get('placa') ?? '');
    if (!placa) return { redirect: `${SIM}/placa` };
    const found = await lookup(ctx.upstream!, placa);
    if (!found) return { redirect: `${SIM}/placanaoencontrada?placa=${placa}` };
    const fipe = parseFipe(found.fipe);
    return usedStepOf(app, 'placa-encontrada', {
      linhas: [
        { label: app.text('seminovo.campo.placa'), text: placa },
        { label: app.text('veiculo.campo.marca'), text: found.marca ?? '' },
        { label: app.text('veiculo.campo.modelo'), text: found.modelo ?? '' },
        { label: app.text('veiculo.campo.ano'), text: found.ano ?? '' },
        { label: app.text('veiculo.campo.cor'), text: trimColour(found.cor) },
        { label: app.text('seminovo.campo.fipe'), text: fipe === null ? app.text('comum.indisponivel') : formatMoney(fipe) },
      ],
      formularios: [
        {
          id: 'form-placa-encontrada',
          schema: { type: 'object', required: ['placa'], properties: { placa: { type: 'string', title: app.text('seminovo.campo.placa'), readOnly: true } } },
          uiSchema: { placa: { 'ui:readonly': true } },
          formData: { placa },
          rotulo: app.text('seminovo.simulacao.simular'),
          acao: 'used-vehicle/simulate-found',
        },
      ],
      botoes: [navigate(app, 'seminovo.simulacao.outra-placa', `${SIM}/placa`, 'secondary')],
    });
  });

  steps.set(`${SIM}/placanaoencontrada`, async (ctx, data) => {
    if (!usedProcess(data)) return NO_USED_PROCESS;
    const placa = parsePlate(ctx.query.get('placa') ?? '') ?? '';
    const classes = VehicleClass.options;
    return usedStepOf(app, 'placa-nao-encontrada', {
      aviso: app.text('seminovo.placa-nao-encontrada.aviso'),
      formularios: [
        {
          id: 'form-veiculo-manual',
          schema: {
            type: 'object',
            required: ['placa', 'marca', 'modelo', 'ano', 'cor', 'tipo', 'fipe', 'uf'],
            properties: {
              placa: { type: 'string', title: app.text('seminovo.campo.placa'), errorMessage: USED_MESSAGES.plate },
              marca: { type: 'string', title: app.text('veiculo.campo.marca'), errorMessage: app.text('veiculo.erro.obrigatorio') },
              modelo: { type: 'string', title: app.text('veiculo.campo.modelo'), errorMessage: app.text('veiculo.erro.obrigatorio') },
              ano: { type: 'string', title: app.text('veiculo.campo.ano'), errorMessage: USED_MESSAGES.ano },
              cor: { type: 'string', title: app.text('veiculo.campo.cor'), errorMessage: app.text('veiculo.erro.obrigatorio') },
              tipo: { type: 'string', title: app.text('seminovo.campo.tipo'), oneOf: classes.map((c) => ({ const: c, title: app.text(`seminovo.classe.${c}`) })), errorMessage: app.text('veiculo.erro.obrigatorio') },
              fipe: { type: 'string', title: app.text('seminovo.campo.fipe'), errorMessage: USED_MESSAGES.fipe },
              uf: { type: 'string', title: app.text('seminovo.campo.uf'), enum: [...STATES], errorMessage: app.text('veiculo.erro.obrigatorio') },
              incluir: { type: 'boolean', title: app.text('seminovo.campo.incluir') },
            },
          },
          uiSchema: { ano: { 'ui:placeholder': '2021/2022' }, fipe: { 'ui:placeholder': 'R$ 45.900,00' } },
          formData: { placa },
          rotulo: app.text('seminovo.simulacao.simular'),
          acao: 'used-vehicle/simulate-manual',
        },
      ],
    });
  });

  /**
   * The acceptance verdict: the vehicle's age by the back office's year, the simulation (credit,
   * balance), the rules; approved → selecionar-veiculo, refused → the rejected page with why.
   */
  async function simulateAndRecord(request: FastifyRequest, u: CustomerUpstream, v: Candidate): Promise<ActionResult> {
    const idCota = quotaIdOf(u);
    const [quota, today] = await Promise.all([selectedQuota(u), todayOf(u)]);
    const anoAtual = Number(today.slice(0, 4));
    let verdict: AcceptanceResult;
    try {
      const sim = await usedUpstream.simulate(u, { idCota, idUnidade: await unitOf(request), tipo: v.tipo, anoModelo: v.anoModelo, valor: v.fipe });
      verdict = acceptance({ classe: v.tipo, tipoCota: quota.tipo, anoFabricacao: v.anoFabricacao, anoAtual, valorVeiculo: sim.valorFipe, saldoDevedor: sim.saldoDevedor, chassiRecuperado: v.chassiRecuperado === true, historicoLeilao: v.historicoLeilao === true });
      if (!verdict.aceito) {
        const extra = verdict.garantiaExigida === undefined ? '' : `&valor=${verdict.garantiaExigida}`;
        return { kind: 'navigate', to: `${SIM}/reprovado?motivo=${verdict.motivo}${extra}${v.placa ? `&placa=${v.placa}` : ''}` };
      }
      await usedUpstream.select(u, {
        idCota,
        tipo: v.tipo,
        marca: v.marca,
        codigoFabricante: v.codigoFabricante,
        modelo: v.modelo,
        anos: `${v.anoFabricacao}/${v.anoModelo}`,
        cor: v.cor,
        valor: v.fipe,
        ...(v.placa ? { placa: v.placa } : {}),
        ...(v.uf ? { uf: v.uf } : {}),
        ...(v.chassi ? { chassi: v.chassi } : {}),
        ...(v.renavam ? { renavam: v.renavam } : {}),
      });
    } catch (err) {
      return refusalOf(app, err);
    }
    return { kind: 'navigate', to: `${SIM}/aprovado` };
  }

  app.actions.register('used-vehicle/simulate-found', {
    input: z.object({ placa: z.string('@seminovo.erro.placa').max(12, '@seminovo.erro.placa') }),
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const placa = parsePlate(input.placa);
      if (!placa) return { kind: 'field-errors', errors: { placa: USED_MESSAGES.plate } };
      const found = await lookup(upstream!, placa);
      if (!found) return { kind: 'navigate', to: `${SIM}/placanaoencontrada?placa=${placa}` };
      const anos = parseAno(found.ano);
      const fipe = parseFipe(found.fipe);
      const tipo = VehicleClass.safeParse(found.tipo);
      // What the lookup lacks is typed by hand.
      if (!anos || fipe === null || !tipo.success) return { kind: 'navigate', to: `${SIM}/placanaoencontrada?placa=${placa}` };
      const [quota, today] = await Promise.all([selectedQuota(upstream!), todayOf(upstream!)]);
      const tooOld = ageProblem(tipo.data, quota.tipo, anos.anoFabricacao, Number(today.slice(0, 4)));
      if (tooOld) return { kind: 'field-errors', errors: { placa: tooOld } };
      return simulateAndRecord(request, upstream!, {
        placa,
        marca: found.marca!.trim(),
        codigoFabricante: found.codigoFabricante ?? '',
        modelo: (found.modelo ?? '').trim(),
        ...anos,
        cor: trimColour(found.cor),
        fipe,
        tipo: tipo.data,
        ...(found.uf ? { uf: found.uf } : {}),
        ...(found.chassi ? { chassi: found.chassi } : {}),
        ...(found.renavam ? { renavam: found.renavam } : {}),
        chassiRecuperado: found.chassiRecuperado,
        historicoLeilao: found.historicoLeilao,
      });
    },
  });

  app.actions.register('used-vehicle/simulate-manual', {
    input: z.object({
      placa: z.string('@seminovo.erro.placa').max(12, '@seminovo.erro.placa'),
      marca: z.string('@veiculo.erro.obrigatorio').trim().min(1, '@veiculo.erro.obrigatorio').max(60),
      modelo: z.string('@veiculo.erro.obrigatorio').trim().min(1, '@veiculo.erro.obrigatorio').max(60),
      ano: z.string('@seminovo.erro.ano').max(12, '@seminovo.erro.ano'),
      cor: z.string('@veiculo.erro.obrigatorio').trim().min(1, '@veiculo.erro.obrigatorio').max(30),
      tipo: z.enum(VehicleClass.options, '@veiculo.erro.obrigatorio'),
      fipe: z.string('@seminovo.erro.fipe').max(30, '@seminovo.erro.fipe'),
      uf: z.enum(STATES, '@veiculo.erro.obrigatorio'),
      incluir: z.boolean().default(false),
    }),
    async handler(input, { upstream, request }): Promise<ActionResult> {
      const errors: Record<string, string> = {};
      const placa = parsePlate(input.placa);
      if (!placa) errors.placa = USED_MESSAGES.plate;
      const anos = parseAno(input.ano);
      if (!anos) errors.ano = USED_MESSAGES.ano;
      const fipe = parseFipe(input.fipe);
      if (fipe === null) errors.fipe = USED_MESSAGES.fipe;
      const tipo = input.tipo;
      const [quota, today] = await Promise.all([selectedQuota(upstream!), todayOf(upstream!)]);
      if (!groupOf(tipo, quota.tipo)) errors.tipo = USED_MESSAGES.classNotAccepted;
      else if (anos) {
        const tooOld = ageProblem(tipo, quota.tipo, anos.anoFabricacao, Number(today.slice(0, 4)));
        if (tooOld) errors.ano = tooOld;
      }
      if (Object.keys(errors).length) return { kind: 'field-errors', errors };
      const idCota = quotaIdOf(upstream!);
      try {
        // A brand or model not in the lists: the core system includes it (up to 48 h).
        if (input.incluir) {
          await usedUpstream.registerVehicle(upstream!, idCota, { newMarca: input.marca, newModelo: input.modelo, ano: input.ano.replace(/\s/g, ''), cor: trimColour(input.cor) });
          return { kind: 'navigate', to: `${SIM}/inclusaodemarca` };
        }
        const brand = (await vehicleUpstream.brands(upstream!, input.marca)).data.find((b) => sameName(b.marca, input.marca));
        if (!brand) return { kind: 'field-errors', errors: { marca: VEHICLE_MESSAGES.brand } };
        const model = (await vehicleUpstream.models(upstream!, brand.codigoFabricante, input.modelo)).data.find((m) => sameName(m.modelo, input.modelo));
        if (!model) return { kind: 'field-errors', errors: { modelo: VEHICLE_MESSAGES.model } };
        return await simulateAndRecord(request, upstream!, { placa: placa!, marca: brand.marca, codigoFabricante: brand.codigoFabricante, modelo: model.modelo, ...anos!, cor: trimColour(input.cor), fipe: fipe!, tipo, uf: input.uf });
      } catch (err) {
        return refusalOf(app, err);
      }
    },
  });

  steps.set(`${SIM}/aprovado`, async (ctx, data) => {
    const used = usedProcess(data);
    if (!used) return NO_USED_PROCESS;
    if (BEFORE_VEHICLE.has(usedState(used))) return { redirect: SIM };
    const { veiculo, simulacao } = await usedUpstream.vehicle(ctx.upstream!, quotaIdOf(ctx.upstream!));
    if (!veiculo) return { redirect: SIM };
    const linhas = [
      { label: app.text('seminovo.campo.veiculo'), text: `${veiculo.marca} ${veiculo.modelo} ${veiculo.anoFabricacao}/${veiculo.anoModelo} · ${veiculo.cor}` },
      ...(veiculo.placa ? [{ label: app.text('seminovo.campo.placa'), text: veiculo.placa }] : []),
      { label: app.text('seminovo.campo.fipe'), text: formatMoney(veiculo.fipe) },
      ...(simulacao
        ? [
            { label: app.text('veiculo.rotulo.credito'), text: formatMoney(simulacao.creditoDisponivel) },
            { label: app.text('veiculo.rotulo.saldo-devedor'), text: formatMoney(simulacao.saldoDevedor) },
          ]
        : []),
    ];
    const digital = used.isDigital;
    return usedStepOf(app, 'aprovado', { linhas, botoes: [navigate(app, digital ? 'seminovo.aprovado.vistoria-digital' : 'seminovo.aprovado.vistoria-tecnica', `${SEMINOVO}/${digital ? 'vistoriadigital' : 'vistoriatecnica'}`)] });
  });

  steps.set(`${SIM}/reprovado`, async (ctx, data) => {
    if (!usedProcess(data)) return NO_USED_PROCESS;
    const motivo = ctx.query.get('motivo') ?? '';
    const valor = Number(ctx.query.get('valor') ?? '');
    const why =
      motivo === 'garantia' && Number.isFinite(valor) && valor > 0
        ? USED_MESSAGES.guarantee(formatMoney(valor))
        : motivo === 'chassi'
          ? USED_MESSAGES.recoveredChassis
          : motivo === 'leilao'
            ? USED_MESSAGES.auction
            : motivo === 'classe'
              ? USED_MESSAGES.classNotAccepted
              : app.text('seminovo.reprovado.geral');
    return usedStepOf(app, 'reprovado', { aviso: why, botoes: [navigate(app, 'seminovo.reprovado.outro', `${SIM}/placa`), navigate(app, 'seminovo.simulacao.ver-regras', `${SIM}/regrasdeaceite`, 'link')] });
  });

  steps.set(`${SIM}/inclusaodemarca`, async (_ctx, data) => {
    const used = usedProcess(data);
    if (!used) return NO_USED_PROCESS;
    const order = used.dadosFaturamento;
    return usedStepOf(app, 'inclusao-marca', { linhas: requestedVehicleRows(app, order) });
  });

}
