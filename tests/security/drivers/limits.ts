/**
 * How each limited action of the surface is pushed past its limit: where a session comes from,
 * what one attempt is, what shows that an attempt reached what the limit guards (a back-office
 * call, or the answer of a check the server makes itself), and the legitimate attempt that must
 * still be refused afterwards. An action placed `limited` without a driver here fails
 * surface-is-covered.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { CLIENT_PLATFORM_HEADER } from '../../../screens/contract/index.js';
import { LOGIN_LIMITS } from '../../../server/src/security/login-throttle.js';
import { client } from '../../helpers/api-client.js';
import { markCodeAsked } from '../../helpers/code-asked.js';
import { persona } from '../../helpers/personas.js';
import type { RecordedCall } from '../../helpers/sandbox-control.js';
import type { Stack } from '../../helpers/stack.js';

export type Mode = 'one session' | 'many sessions' | 'two instances';
export type Client = ReturnType<typeof client>;
export type Answer = { status: number; body: { kind?: string; message?: string; errors?: Record<string, string> }; headers: Record<string, unknown> };

/** An instance of the server: its address, with the sandbox every instance shares. */
export interface Instance {
  baseUrl: string;
}

export interface LimitDriver<S = unknown> {
  /** Attempts the limit lets reach what it guards, per mode (a number: the same in every mode). */
  limit: number | Record<Mode, number>;
  /** The modes it is pushed in; the others are named with the reason in `why`. */
  modes?: readonly Mode[];
  why?: string;
  /** Done once per test before the attempts (a one-time code sent). */
  setup?(stack: Stack, first: Instance): Promise<S>;
  /** A session to attempt from, on an instance. */
  session(stack: Stack, on: Instance, state: S): Promise<Client>;
  attempt(c: Client, state: S, i: number): PromiseLike<Answer>;
  /** How many attempts reached the guarded check: from the back office's calls, or the answers of a check made by the server itself. */
  reached(calls: readonly RecordedCall[], answers: readonly Answer[]): number;
  /** After the push, the legitimate attempt (right password, right code) from a new session: it must be refused too. */
  legitimate?(c: Client, state: S, stack: Stack): PromiseLike<Answer>;
}

const WRONG_PASSWORD = '000000';
const helena = persona('helena');
const lara = persona('lara');

/** Ana with a change of e-mail and phone waiting for its code (not sent yet); the password typed again first. */
async function anaChangingContact(_stack: Stack, on: Instance): Promise<Client> {
  const c = client(on.baseUrl);
  await c.login('ana');
  const again = await c.action('auth/reauthenticate', { senha: persona('ana').password, motivo: 'contato' });
  if (again.body.to !== '/perfil/email-telefone') throw new Error(`ana's password again: ${JSON.stringify(again.body)}`);
  const res = await c.action('profile/contact-save', { email: 'ana.nova@example.com.br', confirmacao: 'ana.nova@example.com.br', ddd: '41', numero: '988887777', tipo: 3 });
  if (res.body.to !== '/perfil/token') throw new Error(`ana's contact change: ${JSON.stringify(res.body)}`);
  return c;
}

/** Igor past the security question of his post-sale journey, at the registration data. */
async function igorAtRegistration(_stack: Stack, on: Instance): Promise<Client> {
  const c = client(on.baseUrl);
  await c.loginWithQuota('igor');
  await c.action('post-sale/advance', { passo: 'boas-vindas' });
  const res = await c.action('post-sale/security', { ano: '2000' });
  if (res.body.to !== '/pos-venda/dados-cadastrais') throw new Error(`igor's security answer: ${JSON.stringify(res.body)}`);
  return c;
}

const codeChecks = (calls: readonly RecordedCall[]) => calls.filter((c) => c.method === 'PATCH' && c.path === 'verificacao').length;
const codeSends = (calls: readonly RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path.startsWith('verificacao/')).length;
const ONE_SESSION_CODE = 'the code belongs to the change this session makes: another session sends a code of its own, counted by the account’s send limit (profile/token-send, post-sale/contact)';

const freshClient = async (_stack: Stack, on: Instance) => client(on.baseUrl);

/** Helena logged in on an instance (her right password, which clears the account's tries so far); null when the login is refused. */
async function helenaLoggedIn(on: Instance): Promise<Client | null> {
  const c = client(on.baseUrl);
  const res = await c.action('auth/login', { modo: 'documento', documento: helena.document, senha: helena.password });
  return res.body.kind === 'navigate' ? c : null;
}

/** Lara logged in on an instance, waiting for her one-time code. */
async function laraPending(_stack: Stack, on: Instance): Promise<Client> {
  const c = client(on.baseUrl);
  const res = await c.action('auth/login', { modo: 'documento', documento: lara.document, senha: lara.password });
  if (res.body.kind !== 'navigate') throw new Error(`lara's login: ${JSON.stringify(res.body)}`);
  return c;
}

/** Staff login wrong answers say so; a refusal past the limit says something else. */

export const LIMIT_DRIVERS: Record<string, LimitDriver<any>> = {
  'auth/login': {
    limit: LOGIN_LIMITS.perAccount,
    session: freshClient,
    attempt: (c) => c.action('auth/login', { modo: 'documento', documento: helena.document, senha: WRONG_PASSWORD }),
    reached: (calls) => calls.filter((c) => c.method === 'POST' && c.path === 'login' && c.body?.username === helena.document).length,
    legitimate: (c) => c.action('auth/login', { modo: 'documento', documento: helena.document, senha: helena.password }),
  } satisfies LimitDriver<undefined>,

  'auth/otp-verify': {
    limit: 5,
    async setup(stack, first) {
      const c = await laraPending(stack, first);
      await c.action('auth/otp-confirm-document', { documento: lara.document });
      return { code: await stack.sandbox.lastCode() };
    },
    // Each login asked for a code (a code answers only such a login), marked so to keep the hour's sends.
    session: async (stack, on) => markCodeAsked(stack.app, await laraPending(stack, on)),
    attempt: (c, state) => c.action('auth/otp-verify', { codigo: state.code === 'ZZZZ' ? 'YYYY' : 'ZZZZ' }),
    reached: (calls) => calls.filter((c) => c.method === 'PATCH' && c.path === 'verificacao').length,
    legitimate: (c, state) => c.action('auth/otp-verify', { codigo: state.code }),
  } satisfies LimitDriver<{ code: string }>,

  'auth/otp-send': {
    // One session waits 40 s between codes; across sessions and instances the account gets 5 an hour.
    limit: { 'one session': 1, 'many sessions': 5, 'two instances': 5 },
    session: laraPending,
    attempt: (c) => c.action('auth/otp-confirm-document', { documento: lara.document }),
    reached: (calls) => calls.filter((c) => c.method === 'POST' && c.path.startsWith('verificacao/')).length,
  } satisfies LimitDriver<undefined>,

  'auth/reauthenticate': {
    // The login's own counters: the account's 5 wrong passwords in 15 minutes, wherever they are typed.
    limit: LOGIN_LIMITS.perAccount,
    // A spare session, logged in before any wrong password: once the limit holds no new login does,
    // and the legitimate attempt comes from it.
    setup: async (_stack, first) => ({ spare: (await helenaLoggedIn(first))! }),
    session: async (_stack, on, state) => (await helenaLoggedIn(on)) ?? state.spare,
    attempt: (c) => c.action('auth/reauthenticate', { senha: WRONG_PASSWORD, motivo: 'contato' }),
    // The back office's answer to a wrong password (a session's own login is a back-office call too).
    reached: (_calls, answers) => answers.filter((a) => a.body?.errors?.senha !== undefined).length,
    legitimate: (_c, state) => state.spare.action('auth/reauthenticate', { senha: helena.password, motivo: 'contato' }),
  } satisfies LimitDriver<{ spare: Client }>,

  // The console's password door (OPS_USERS) exists only outside production without an identity
  // provider; its limits: tests/api/console-login-limits.test.ts. Staff sign in at the provider here.

  'auth/biometrics-unlock': {
    limit: 30,
    session: freshClient,
    // A well-formed credential no device enrolled: looked up (and forgotten) while under the limit.
    attempt: (c) => c.agent.post('/api/actions/auth/biometrics-unlock').set('x-requested-with', 'consorcio-app').set('content-type', 'application/json').set(CLIENT_PLATFORM_HEADER, 'android').send(JSON.stringify({ resposta: { ok: true, credential: randomBytes(32).toString('base64url') } })),
    reached: (_calls, answers) => answers.filter((a) => ([] as string[]).concat((a.headers['set-cookie'] as string[] | undefined) ?? []).length > 0).length,
  } satisfies LimitDriver<undefined>,

  'assistant/message': {
    // A conversation gets 20 messages a minute; an address 120 in 10 minutes, however many conversations.
    limit: { 'one session': 20, 'many sessions': 120, 'two instances': 120 },
    session: freshClient,
    attempt: (c, _s, i) => c.action('assistant/message', { mensagem: 'Quando vence meu boleto?', chave: `ataque-${i}-${randomBytes(4).toString('hex')}` }),
    reached: (calls) => calls.filter((c) => c.method === 'POST' && c.path === 'embraassist/ia').length,
  } satisfies LimitDriver<undefined>,

  'assistant/embed-message': {
    limit: 20,
    modes: [],
    why: 'the same turn as assistant/message, on the same counters (per conversation, per address): pushed there; its conversation cookie is a cross-site one (Secure, SameSite=None) that a plain-HTTP test client does not keep',
    session: freshClient,
    attempt: (c, _s, i) => c.action('assistant/embed-message', { mensagem: 'Quando vence meu boleto?', chave: `embed-${i}-${randomBytes(4).toString('hex')}` }),
    reached: (calls) => calls.filter((c) => c.method === 'POST' && c.path === 'embraassist/ia').length,
  } satisfies LimitDriver<undefined>,

  'profile/token-send': {
    // A session waits 40 s between codes; the account gets 5 codes an hour, whatever sends them.
    limit: { 'one session': 1, 'many sessions': 5, 'two instances': 5 },
    session: anaChangingContact,
    attempt: (c) => c.action('profile/token-send'),
    reached: codeSends,
  } satisfies LimitDriver<undefined>,

  'profile/token-validate': {
    limit: 5,
    modes: ['one session'],
    why: ONE_SESSION_CODE,
    async session(stack, on) {
      const c = await anaChangingContact(stack, on);
      const sent = await c.action('profile/token-send');
      if (sent.body.to !== '/perfil/token') throw new Error(`ana's code: ${JSON.stringify(sent.body)}`);
      return c;
    },
    attempt: (c) => c.action('profile/token-validate', { codigo: 'ZZZZ' }),
    reached: codeChecks,
    legitimate: async (c, _s, stack) => c.action('profile/token-validate', { codigo: await stack.sandbox.lastCode() }),
  } satisfies LimitDriver<undefined>,

  'post-sale/contact': {
    // Each registration change sends a code: the account's 5 codes an hour hold here too.
    limit: 5,
    session: igorAtRegistration,
    attempt: (c) => c.action('post-sale/contact', { email: 'igor.novo@example.com.br', telefone: '(85) 98777-6666' }),
    reached: codeSends,
  } satisfies LimitDriver<undefined>,

  'post-sale/income': {
    limit: 5,
    session: igorAtRegistration,
    attempt: (c) => c.action('post-sale/income', { renda: 5000 }),
    reached: codeSends,
  } satisfies LimitDriver<undefined>,

  'post-sale/token': {
    limit: 5,
    modes: ['one session'],
    why: ONE_SESSION_CODE,
    async session(stack, on) {
      const c = await igorAtRegistration(stack, on);
      const sent = await c.action('post-sale/contact', { email: 'igor.novo@example.com.br', telefone: '(85) 98777-6666' });
      if (sent.body.to !== '/pos-venda/dados-cadastrais-token') throw new Error(`igor's code: ${JSON.stringify(sent.body)}`);
      return c;
    },
    attempt: (c) => c.action('post-sale/token', { codigo: 'ZZZZ' }),
    reached: codeChecks,
    legitimate: async (c, _s, stack) => c.action('post-sale/token', { codigo: await stack.sandbox.lastCode() }),
  } satisfies LimitDriver<undefined>,
};

