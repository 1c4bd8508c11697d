import identityDocuments from './identity-documents.js';
import sessions from './sessions.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ActionResult } from '../../../../screens/contract/index.js';
import { formatCep } from '@brazilian-utils/brazilian-utils';
import { readMoney } from '../../domain/bids.js';
import { formatNationalId } from '../../domain/format.js';
import { accountOwnerProblem, emailProblem, formatPhone, parseCep, phoneProblem, pixKeyProblem, REGISTRATION_MESSAGES, type PhoneType } from '../../domain/registration.js';
import { UpstreamError } from '../../upstream/upstream-error.js';
import { registration, session as sessionCalls, type ReferenceList } from '../../../../back-office/index.js';
import type { AddressChange } from '../../storage/session-store.js';
import { RESEND_AFTER_MS } from '../auth/verification.js';
import { reserveCodeSend } from '../../security/code-sends.js';
import { OtpThrottle } from '../../security/otp-throttle.js';
import { reauthenticationNeeded, recentlyReauthenticated } from '../auth/reauthentication.js';

const STATES = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const;

const AddressInput = z.object({
  cep: z.string('@perfil.erro.cep').refine((v) => parseCep(v) !== null, '@perfil.erro.cep'),
  logradouro: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio').max(120, '@erro.campo-obrigatorio'),
  numero: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio').max(10, '@erro.campo-obrigatorio'),
  complemento: z.string().trim().max(60).optional(),
  bairro: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio').max(80, '@erro.campo-obrigatorio'),
  cidade: z.string('@erro.campo-obrigatorio').trim().min(1, '@erro.campo-obrigatorio').max(80, '@erro.campo-obrigatorio'),
  uf: z.enum(STATES, '@perfil.erro.uf'),
  tipo: z.coerce.number('@perfil.erro.tipo').int().min(1, '@perfil.erro.tipo').max(2, '@perfil.erro.tipo'),
});

/**
 * Profile (/perfil): the address by CEP (typed 00000-000, sent without the hyphen; a failed
 * lookup keeps the CEP and clears the rest), confirmed by an SMS token before the back office
 * is changed (/perfil/token: send, insert, validate). Password change reuses /alterarsenha. E-mail
 * and phone ask for the password again first (auth/reauthentication.ts); the customer's sessions
 * are /perfil/sessoes (sessions.ts).
 */
export default async function profile(app: FastifyInstance) {
  await app.register(identityDocuments);
  await app.register(sessions);
  // A change of registration data is confirmed by a one-time code: its tries are the account's.
  const codes = new OtpThrottle(app.counters);
  async function quotaId(request: FastifyRequest): Promise<number> {
    const selected = request.session!.data.quota;
    if (selected) return selected.idCota;
    const [first] = await app.quotaSelection.ownQuotaIds(request);
    if (first === undefined) throw new Error('customer without quota');
    return first;
  }

  // The hub shows the main bank account and Pix key (the first of each), checked against the rules:
  // the account in the holder's own CPF/CNPJ, the key being that CPF/CNPJ.
  const agentRefusal = (): ActionResult => ({ kind: 'error', title: app.text('erro.titulo'), message: app.text('perfil.agente') });

  app.screens.register('perfil', async (ctx) => {
    const holder = ctx.request.session!.data.customer.inscricaoNacional;
    const [accounts, keys] = await Promise.all([
      ctx.upstream!.request(registration.bankAccounts),
      ctx.upstream!.request(registration.pixKeys),
    ]);
    const account = accounts.data[0];
    const key = keys.data[0];
    return {
      agente: Boolean(ctx.request.session!.data.agent),
      conta: account ? `${account.nomeBanco} · agência ${account.agencia} · conta ${account.conta}-${account.digitoConta} (${account.tipoConta === 'POUPANCA' ? 'poupança' : 'corrente'})` : app.text('comum.nao-informado'),
      contaProblema: account ? (accountOwnerProblem(account.titularDocumento, holder) ?? '') : '',
      pix: key ? formatNationalId(key.chave) : app.text('comum.nao-informado'),
      pixProblema: key ? (pixKeyProblem(key.chave, holder) ?? '') : '',
    };
  });

  app.screens.register('perfil-endereco', async (ctx) => {
    const id = await quotaId(ctx.request);
    const data = await ctx.upstream!.request(registration.get, { params: { id } });
    const current = data.enderecos[0];
    const form = current ? { tipo: current.tipo, cep: formatCep(current.cep), logradouro: current.logradouro, numero: current.numero, complemento: current.complemento ?? '', bairro: current.bairro, cidade: current.cidade, uf: current.uf } : {};
    const wanted = parseCep(ctx.query.get('cep') ?? '');
    if (!wanted) return { endereco: form, atual: current ? `${current.logradouro}, ${current.numero} — ${current.bairro}, ${current.cidade}/${current.uf}` : '' };
    // The lookup is secondary: whatever makes it fail (not found, upstream down, a broken answer,
    // the deadline), the CEP stays and the rest of the address is cleared (doc 1 §8, doc 2 §8).
    const found = await ctx.secondary('cep', ctx.upstream!.request(registration.cep, { params: { zipcode: wanted } }), null);
    if (!found) return { endereco: { tipo: current?.tipo ?? 1, cep: formatCep(wanted) }, cepNaoEncontrado: true };
    return { endereco: { ...form, cep: formatCep(wanted), logradouro: found.logradouro, bairro: found.bairro, cidade: found.cidade, uf: found.uf, numero: '', complemento: '' } };
  });

  app.screens.register('perfil-email-telefone', async (ctx) => {
    const id = await quotaId(ctx.request);
    const data = await ctx.upstream!.request(registration.get, { params: { id } });
    const phone = data.telefones[0];
    const session = ctx.request.session!;
    const empresa = session.data.customer.tipoPessoa === 'J';
    // The password again before the forms (a partner agent sees them, and is refused on saving).
    const pedirSenha = !session.data.agent && !recentlyReauthenticated(session);
    return {
      empresa,
      pedirSenha,
      formularioPessoa: !pedirSenha && !empresa,
      formularioEmpresa: !pedirSenha && empresa,
      atualEmail: data.emails[0]?.email ?? app.text('comum.nao-informado'),
      atualTelefone: phone ? formatPhone(`${phone.ddd}${phone.numero}`) : app.text('comum.nao-informado'),
      contato: { ddd: phone?.ddd ?? '', numero: phone?.numero ?? '', tipo: phone?.tipo ?? 3 },
    };
  });

  app.actions.register('profile/contact-save', {
    consistency: [
      { fields: ['email', 'confirmacao'], rule: 'the confirmation equals the e-mail, case and surrounding spaces aside', message: REGISTRATION_MESSAGES.emailsDiffer, by: 'handler' },
      { fields: ['email'], rule: 'a company (CNPJ) keeps its e-mail: one typed is ignored', by: 'handler' },
      { fields: ['ddd', 'numero', 'tipo'], rule: 'a mobile (tipo 3) has 11 digits with 9 after the area code; any other is a landline or mobile number of that area code', message: REGISTRATION_MESSAGES.mobile, by: 'handler' },
    ],
    input: z
      .object({
        email: z.string().max(254).optional(),
        confirmacao: z.string().max(254).optional(),
        ddd: z.string('@perfil.erro.ddd').regex(/^\d{2}$/, '@perfil.erro.ddd'),
        numero: z.string('@perfil.erro.telefone').max(20, '@perfil.erro.telefone'),
        tipo: z.coerce.number('@perfil.erro.tipo-telefone').int().min(1, '@perfil.erro.tipo-telefone').max(3, '@perfil.erro.tipo-telefone'),
      }),
    async handler(input, { request }): Promise<ActionResult> {
      if (request.session!.data.agent) return agentRefusal();
      if (!recentlyReauthenticated(request.session!)) return reauthenticationNeeded(app, 'contato');
      const empresa = request.session!.data.customer.tipoPessoa === 'J';
      const errors: Record<string, string> = {};
      const email = input.email?.trim() ? input.email.trim() : undefined;
      if (email && !empresa) {
        const problem = emailProblem(email, input.confirmacao ?? '');
        if (problem) errors[problem === REGISTRATION_MESSAGES.emailsDiffer ? 'confirmacao' : 'email'] = problem;
      }
      const numero = input.numero.replace(/\D/g, '');
      const phone = phoneProblem(`${input.ddd}${numero}`, input.tipo as PhoneType);
      if (phone) errors[phone === REGISTRATION_MESSAGES.ddd ? 'ddd' : 'numero'] = phone;
      if (Object.keys(errors).length) return { kind: 'field-errors', errors };
      const change: AddressChange = { kind: 'contato', data: { ...(email && !empresa ? { email } : {}), ddd: input.ddd, numero, tipo: input.tipo }, tries: 0 };
      await app.sessions.patch(request.session!, { pendingChange: change });
      return { kind: 'navigate', to: '/perfil/token' };
    },
  });

  // Income and assets: the professions, civil statuses, marriage regimes and accessibility types
  // come from the back office's reference lists; the marriage regime shows only for the married
  // (a `ui:when` condition, decided in the browser without a round trip).
  const list = async (request: FastifyRequest, name: ReferenceList) => (await request.customerUpstream().request(registration.list, { params: { lista: name } })).data;

  app.screens.register('perfil-patrimonio-renda', async (ctx) => {
    const [profissoes, estados, regimes, acessibilidade, status] = await Promise.all([
      list(ctx.request, 'profissoes'),
      list(ctx.request, 'estados-civil'),
      list(ctx.request, 'regimes-casamento'),
      list(ctx.request, 'tipos-acessibilidade'),
      ctx.upstream!.request(registration.incomeState),
    ]);
    const casado = estados.find((e) => /casad/i.test(e.descricao))?.codigo ?? -1;
    const options = (items: Array<{ codigo: number; descricao: string }>) => ({ codigos: items.map((i) => i.codigo), nomes: items.map((i) => i.descricao) });
    return {
      profissoes: options(profissoes),
      estados: options(estados),
      regimes: options(regimes),
      acessibilidade: options(acessibilidade),
      casado,
      dados: {
        ...(typeof status.valorRenda === 'number' ? { valorRenda: String(status.valorRenda).replace('.', ',') } : {}),
        ...(typeof status.profissao === 'number' ? { profissao: status.profissao } : {}),
        ...(typeof status.estadoCivil === 'number' ? { estadoCivil: status.estadoCivil } : {}),
        ...(typeof status.regimeCasamento === 'number' ? { regimeCasamento: status.regimeCasamento } : {}),
        tipoAcessibilidade: typeof status.tipoAcessibilidade === 'number' ? status.tipoAcessibilidade : 1,
      },
    };
  });

  app.actions.register('profile/income-save', {
    consistency: [
      { fields: ['estadoCivil', 'regimeCasamento'], rule: 'the marriage regime is kept only when the civil status (from the back office’s list) is a married one; otherwise it is dropped', by: 'handler' },
    ],
    input: z.object({
      valorRenda: z.union([z.number(), z.string().max(20)]).optional(),
      profissao: z.coerce.number('@perfil.erro.lista').int('@perfil.erro.lista'),
      estadoCivil: z.coerce.number('@perfil.erro.lista').int('@perfil.erro.lista'),
      regimeCasamento: z.coerce.number().int().optional(),
      tipoAcessibilidade: z.coerce.number('@perfil.erro.lista').int('@perfil.erro.lista'),
    }),
    async handler(input, { request }): Promise<ActionResult> {
      if (request.session!.data.agent) return agentRefusal();
      const renda = input.valorRenda === undefined || (typeof input.valorRenda === 'string' && !input.valorRenda.trim()) ? undefined : readMoney(input.valorRenda);
      if (renda === null) return { kind: 'field-errors', errors: { valorRenda: app.text('lances.erro.valor') } };
      const [profissoes, estados] = await Promise.all([list(request, 'profissoes'), list(request, 'estados-civil')]);
      if (!profissoes.some((p) => p.codigo === input.profissao)) return { kind: 'field-errors', errors: { profissao: app.text('perfil.erro.lista') } };
      if (!estados.some((e) => e.codigo === input.estadoCivil)) return { kind: 'field-errors', errors: { estadoCivil: app.text('perfil.erro.lista') } };
      const married = /casad/i.test(estados.find((e) => e.codigo === input.estadoCivil)!.descricao);
      const change: AddressChange = {
        kind: 'renda',
        data: { valorRenda: renda, profissao: input.profissao, estadoCivil: input.estadoCivil, regimeCasamento: married ? input.regimeCasamento : undefined, tipoAcessibilidade: input.tipoAcessibilidade },
        tries: 0,
      };
      await app.sessions.patch(request.session!, { pendingChange: change });
      return { kind: 'navigate', to: '/perfil/token' };
    },
  });

  app.screens.register('perfil-token', async (ctx) => {
    const pending = ctx.request.session!.data.pendingChange;
    if (!pending) return { redirect: '/perfil' };
    return { enviado: Boolean(pending.sentAt), reenviarEm: new Date((pending.sentAt ?? 0) + RESEND_AFTER_MS).toISOString() };
  });

  app.actions.register('profile/cep-lookup', {
    consistency: [
      { fields: ['cep'], rule: 'the address form opens with the street, district, city and state the CEP gives; the customer completes the number', by: 'handler' },
    ],
    input: z.object({ cep: z.string('@perfil.erro.cep').refine((v) => parseCep(v) !== null, '@perfil.erro.cep') }),
    async handler(input): Promise<ActionResult> {
      return { kind: 'navigate', to: `/perfil/endereco?cep=${parseCep(input.cep)}`, replace: true };
    },
  });

  app.actions.register('profile/address-save', {
    input: AddressInput,
    async handler(input, { request }): Promise<ActionResult> {
      if (request.session!.data.agent) return agentRefusal();
      const change: AddressChange = { kind: 'endereco', data: { ...input, cep: parseCep(input.cep)!, complemento: input.complemento ?? '' }, tries: 0 };
      await app.sessions.patch(request.session!, { pendingChange: change });
      return { kind: 'navigate', to: '/perfil/token' };
    },
  });

  app.actions.register('profile/token-send', {
    input: z.object({}).passthrough(),
    async handler(_input, { request }): Promise<ActionResult> {
      const session = request.session!;
      const pending = session.data.pendingChange;
      if (!pending) return { kind: 'navigate', to: '/perfil', replace: true };
      if (pending.sentAt && Date.now() - pending.sentAt < RESEND_AFTER_MS) return { kind: 'snackbar', message: app.text('verificacao.erro.aguarde') };
      const account = session.data.customer.inscricaoNacional;
      if (!(await reserveCodeSend(app.counters, account))) return { kind: 'error', title: app.text('erro.titulo'), message: app.text('verificacao.erro.limite-envios') };
      await request.customerUpstream().request(sessionCalls.sendCode, { params: { canal: 'sms' } });
      await codes.codeSent(account);
      await app.sessions.patch(session, { pendingChange: { ...pending, sentAt: Date.now(), tries: 0 } });
      return { kind: 'navigate', to: '/perfil/token', replace: true };
    },
  });

  app.actions.register('profile/token-validate', {
    input: z.object({ codigo: z.string('@verificacao.erro.formato').trim().toUpperCase().regex(/^[A-Z0-9]{4}$/, '@verificacao.erro.formato') }),
    async handler(input, { request }): Promise<ActionResult> {
      const session = request.session!;
      const pending = session.data.pendingChange;
      if (!pending?.sentAt) return { kind: 'navigate', to: '/perfil/token', replace: true };
      if (pending.tries >= 5) return { kind: 'field-errors', errors: {}, message: app.text('verificacao.erro.tentativas') };
      // The account's tries, whatever the session (security/otp-throttle.ts): counted before the check.
      const account = session.data.customer.inscricaoNacional;
      const before = await codes.verdict(account);
      const verdict = before === 'allowed' ? await codes.reserve(account) : before;
      if (verdict !== 'allowed') return { kind: 'field-errors', errors: {}, message: app.text(verdict === 'account-spent' ? 'verificacao.erro.tentativas-conta' : 'verificacao.erro.tentativas') };
      let token: string;
      try {
        const checked = await request.customerUpstream().request(sessionCalls.checkCode, { json: { codigo: input.codigo } });
        if (!checked.auth_token) throw new UpstreamError(502, 'CONTRACT_VIOLATION', undefined, sessionCalls.checkCode.path);
        token = checked.auth_token;
        await codes.verified(account);
      } catch (err) {
        if (!(err instanceof UpstreamError) || err.unavailable) throw err;
        await app.sessions.patch(session, { pendingChange: { ...pending, tries: pending.tries + 1 } });
        return { kind: 'field-errors', errors: { codigo: app.text('verificacao.erro.invalido') } };
      }
      const id = await quotaId(request);
      try {
        if (pending.kind === 'renda') {
          await request.customerUpstream().request(registration.updateIncome, { json: { authToken: token, ...pending.data } });
        } else {
          const change =
            pending.kind === 'endereco'
              ? { enderecos: [pending.data] }
              : { telefones: [{ ddd: pending.data.ddd, numero: pending.data.numero, tipo: pending.data.tipo }], ...(pending.data.email ? { emails: [{ email: pending.data.email }] } : {}) };
          await request.customerUpstream().request(registration.update, { params: { id }, json: { authToken: token, ...change } });
        }
      } catch (err) {
        if (err instanceof UpstreamError && !err.unavailable) return { kind: 'error', title: app.text('erro.titulo'), message: err.upstreamMessage ?? app.text('perfil.erro.salvar') };
        throw err;
      }
      await app.sessions.patch(session, { pendingChange: null });
      const done = { endereco: ['perfil.endereco-salvo', '/perfil/endereco'], contato: ['perfil.contato-salvo', '/perfil/email-telefone'], renda: ['perfil.renda-salva', '/perfil/patrimonio-renda'] } as const;
      const [message, to] = done[pending.kind];
      return { kind: 'snackbar', message: app.text(message), to };
    },
  });
}
