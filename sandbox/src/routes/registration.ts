import { registration } from '../../../back-office/index.js';
import { serve } from '../contract.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, grantOf, invalid, notFound } from '../http.js';
import type { SandboxContext } from '../context.js';

/** A few real CEPs the sandbox knows (a lookup service needs the network in real life). */
const CEPS: Record<string, { logradouro: string; bairro: string; cidade: string; uf: string }> = {
  '01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' },
  '20040020': { logradouro: 'Avenida Rio Branco', bairro: 'Centro', cidade: 'Rio de Janeiro', uf: 'RJ' },
  '30130010': { logradouro: 'Avenida Afonso Pena', bairro: 'Centro', cidade: 'Belo Horizonte', uf: 'MG' },
  '80010000': { logradouro: 'Rua XV de Novembro', bairro: 'Centro', cidade: 'Curitiba', uf: 'PR' },
};

const Address = z.object({
  tipo: z.number().int().min(1).max(2),
  cep: z.string().regex(/^\d{8}$/),
  logradouro: z.string().min(1).max(120),
  numero: z.string().min(1).max(10),
  complemento: z.string().max(60).optional(),
  bairro: z.string().min(1).max(80),
  cidade: z.string().min(1).max(80),
  uf: z.string().length(2),
});

/**
 * Registration data (spec doc 1 §7): cotas/{id}/dados-cadastrais (GET, PUT — a change needs the
 * auth_token of a checked SMS code), buscas/cep/{zipcode}, tipos-registro/tipos-endereco.
 */
export default async function registrationRoutes(app: FastifyInstance, { state }: SandboxContext) {
  /** Addresses and income data customers changed, by customer. */
  const changed = () => state.local('registration', () => ({ addresses: new Map<string, z.infer<typeof Address>>(), incomes: new Map<string, Record<string, unknown>>() }));
  const addressOf = (key: string) =>
    changed().addresses.get(key) ?? { tipo: 1, cep: '80010000', logradouro: 'Rua XV de Novembro', numero: '100', complemento: '', bairro: 'Centro', cidade: 'Curitiba', uf: 'PR' };

  serve(app, registration.get, async (request, reply) => {
    const quota = state.quotas.get(Number((request.params as { id: string }).id));
    if (!quota || quota.owner !== grantOf(request).customer) return notFound(reply, 'Cota não encontrada.');
    const customer = state.customers.get(quota.owner)!;
    return {
      emails: [{ email: customer.email, principal: true }],
      telefones: [{ ddd: customer.celular.slice(0, 2), numero: customer.celular.slice(2), tipo: 3 }],
      enderecos: [addressOf(customer.key)],
    };
  });

  serve(app, registration.update, async (request, reply) => {
    const grant = grantOf(request);
    const quota = state.quotas.get(Number((request.params as { id: string }).id));
    if (!quota || quota.owner !== grant.customer) return notFound(reply, 'Cota não encontrada.');
    const body = z
      .object({
        authToken: z.string().min(8),
        enderecos: z.array(Address).length(1).optional(),
        emails: z.array(z.object({ email: z.email() })).length(1).optional(),
        telefones: z.array(z.object({ ddd: z.string().regex(/^\d{2}$/), numero: z.string().regex(/^\d{8,9}$/), tipo: z.number().int().min(1).max(3) })).length(1).optional(),
      })
      .safeParse(request.body);
    if (!body.success) return invalid(reply, 'Dados cadastrais inválidos.');
    const customer = state.customers.get(grant.customer)!;
    if (body.data.emails && customer.tipoPessoa === 'J') return fail(reply, 400, 'Empresas alteram o e-mail enviando uma mensagem com documentos.');
    const token = state.accessTokens.get(body.data.authToken);
    if (!token || token.customer !== grant.customer) return fail(reply, 401, 'Token de confirmação inválido ou expirado.', 'INVALID_AUTH_TOKEN');
    state.accessTokens.delete(body.data.authToken); // one change per token
    if (body.data.enderecos) changed().addresses.set(grant.customer, body.data.enderecos[0]!);
    if (body.data.emails) customer.email = body.data.emails[0]!.email;
    if (body.data.telefones) customer.celular = `${body.data.telefones[0]!.ddd}${body.data.telefones[0]!.numero}`;
    return reply.code(204).send();
  });

  serve(app, registration.cep, async (request, reply) => {
    const zipcode = (request.params as { zipcode: string }).zipcode;
    if (!/^\d{8}$/.test(zipcode)) return invalid(reply, 'CEP inválido.');
    const found = CEPS[zipcode];
    return found ? { cep: zipcode, ...found } : notFound(reply, 'CEP não encontrado.');
  });

  // Bank data and Pix keys (spec doc 2 §3.1): the first of each is the main one.
  serve(app, registration.bankAccounts, async (request) => {
    const customer = state.customers.get(grantOf(request).customer)!;
    return {
      data: [
        { banco: '341', nomeBanco: 'Itaú Unibanco', agencia: '1234', conta: '567890', digitoConta: '1', tipoConta: 'CORRENTE', titularDocumento: customer.document },
        { banco: '001', nomeBanco: 'Banco do Brasil', agencia: '4321', conta: '98765', digitoConta: 'X', tipoConta: 'POUPANCA', titularDocumento: customer.document },
      ],
    };
  });
  serve(app, registration.pixKeys, async (request) => {
    const customer = state.customers.get(grantOf(request).customer)!;
    return { data: [{ tipo: customer.tipoPessoa === 'J' ? 'CNPJ' : 'CPF', chave: customer.document }, { tipo: 'EMAIL', chave: customer.email }] };
  });

  // The seven reference lists (spec doc 1 §7).
  const LISTS: Record<string, string[]> = {
    'tipos-endereco': ['Residencial', 'Comercial'],
    'tipos-telefone': ['Residencial', 'Comercial', 'Celular'],
    profissoes: ['Administrador(a)', 'Advogado(a)', 'Autônomo(a)', 'Comerciante', 'Empresário(a)', 'Engenheiro(a)', 'Médico(a)', 'Professor(a)', 'Servidor(a) público(a)', 'Outra'],
    'regimes-casamento': ['Comunhão parcial de bens', 'Comunhão universal de bens', 'Separação total de bens', 'Participação final nos aquestos'],
    'tipos-acessibilidade': ['Nenhuma', 'Deficiência visual', 'Deficiência auditiva', 'Deficiência física', 'Outra'],
    'estados-civil': ['Solteiro(a)', 'Casado(a)', 'Divorciado(a)', 'Viúvo(a)', 'União estável'],
    'tipos-documento': ['RG', 'CNH', 'RNE', 'Carteira de classe', 'DNI', 'CTPS', 'Carteira das Forças Armadas'],
  };
  serve(app, registration.list, async (request, reply) => {
    const items = LISTS[(request.params as { lista: string }).lista];
    return items ? { data: items.map((descricao, i) => ({ codigo: i + 1, descricao })) } : notFound(reply, 'Lista não encontrada.');
  });

  serve(app, registration.incomeState, async (request) => ({ status: 'ATUALIZADO', ...(changed().incomes.get(grantOf(request).customer) ?? {}) }));
  serve(app, registration.updateIncome, async (request, reply) => {
    const grant = grantOf(request);
    const body = z
      .object({ authToken: z.string().min(8), valorRenda: z.number().min(0).optional(), profissao: z.number().int(), estadoCivil: z.number().int(), regimeCasamento: z.number().int().optional(), tipoAcessibilidade: z.number().int() })
      .safeParse(request.body);
    if (!body.success) return invalid(reply, 'Dados cadastrais inválidos.');
    const token = state.accessTokens.get(body.data.authToken);
    if (!token || token.customer !== grant.customer) return fail(reply, 401, 'Token de confirmação inválido ou expirado.', 'INVALID_AUTH_TOKEN');
    state.accessTokens.delete(body.data.authToken);
    const { authToken: _t, ...data } = body.data;
    changed().incomes.set(grant.customer, data);
    return reply.code(204).send();
  });
}
