import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { pseudonym } from '../../server/src/storage/pseudonym.js';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { capturedLogs } from '../helpers/captured-logs.js';
import { consoleClient } from '../helpers/console-host.js';
import { persona } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';
import { staffClient as signedInStaff } from '../helpers/staff-sign-in.js';

/**
 * A customer's sessions, theirs to see and end (/perfil/sessoes), the offer to end the others after
 * a password change, the password asked again before e-mail, phone and biometric changes, and an
 * approver ending every session of a CPF/CNPJ from the console — each driven as the customer (or the
 * staff member) would, through the API.
 */
const logs = capturedLogs('info');
const stack = useStack({ COOKIE_SECRET: 'p2W8mQ4xN7rT1vZ5kL9cH3jB6sD0gF8aE2uY4iO1' }, { loggerInstance: logs.logger });
beforeEach(() => logs.clear());

type Client = ReturnType<typeof client>;
type Node = Record<string, any>;
const ANDROID = { 'x-client-platform': 'android' };
const ana = persona('ana');
const digits = (document: string) => document.replace(/\D/g, '');

/** A login of `key` as a person does it, in a browser or (with `headers`) in a native wrapper. */
async function loggedIn(key: string, headers: Record<string, string> = {}): Promise<Client> {
  const c = client(stack.baseUrl);
  const p = persona(key);
  const res = await c.action('auth/login', { modo: 'documento', documento: p.document, senha: p.password }).set(headers);
  expect(res.body.kind, JSON.stringify(res.body)).toBe('navigate');
  return c;
}

/** The cards of the sessions screen as the customer reads them. */
async function sessionCards(c: Client, headers: Record<string, string> = {}): Promise<Node[]> {
  const doc = (await c.screen('/perfil/sessoes', headers)).body;
  expect(doc.screen).toBe('perfil-sessoes');
  return findAll(doc.layout, (n) => n.id === 'sessoes')[0].items;
}

const marked = (card: Node) => findAll(card.items, (n) => n.type === 'status-pill').map((n) => n.text);
const endButton = (card: Node) => findAll(card.items, (n) => n.type === 'button' && n.action?.action === 'profile/session-end')[0];

/** Whether the client's session is gone: its next protected screen sends it to the login. */
async function loggedOut(c: Client): Promise<boolean> {
  const res = await c.screen('/groups-and-quotas');
  return res.body.kind === 'redirect' && /^\/(login|entrar)/.test(res.body.to);
}

const securityLines = (event: string) =>
  logs
    .text()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.category === 'security' && line.event === event);

const subjectOf = (partnerId: number, document: string) => pseudonym(stack.app.config.subjectKey, partnerId, digits(document));

/** The client's session as the server keeps it. */
async function sessionOf(c: Client) {
  const id = c.agent.jar.getCookie('sid', { domain: 'localhost', path: '/', secure: false, script: false } as never)!.value;
  return (await stack.app.sessions.get(id))!;
}

describe('the customer’s sessions (/perfil/sessoes)', () => {
  it('lists two logins of ana, this one marked "Esta sessão", each with where it was opened (the wrapper’s header), never the CPF in the table', async () => {
    const web = await loggedIn('ana');
    const phone = await loggedIn('ana', ANDROID);
    const other = await loggedIn('bruno');

    const profile = (await web.screen('/perfil')).body;
    expect(findAll(profile.layout, (n) => n.type === 'button' && n.action?.to === '/perfil/sessoes')[0].label).toBe('Sessões ativas');

    const cards = await sessionCards(web);
    expect(cards.map((c) => [c.title, marked(c)])).toEqual([
      ['Navegador', ['Esta sessão']],
      ['Aplicativo Android', []],
    ]);
    expect(endButton(cards[0]!)).toBeUndefined();
    const end = endButton(cards[1]!);
    expect(end.label).toBe('Encerrar sessão');
    expect(end.accessibleName).toMatch(/^Encerrar sessão iniciada em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/);
    expect(screenText({ layout: cards })).toMatch(/Iniciada em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
    expect(screenText({ layout: cards })).toContain('Último acesso: agora');

    // From the phone, the phone's session is the one marked.
    expect((await sessionCards(phone, ANDROID)).map((c) => [c.title, marked(c)])).toEqual([
      ['Aplicativo Android', ['Esta sessão']],
      ['Navegador', []],
    ]);
    // Another customer sees only their own.
    expect((await sessionCards(other)).map((c) => c.title)).toEqual(['Navegador']);

    // The table finds a customer's sessions by a keyed pseudonym of partner and CPF, never the number.
    const rows = await stack.app.db.query<{ holder: string; platform: string }>('SELECT holder, platform FROM sessions WHERE holder = $1', [stack.app.sessions.holderOf(1, ana.document)]);
    expect(rows.map((r) => r.platform).sort()).toEqual(['android', 'web']);
    expect(JSON.stringify(rows)).not.toContain(digits(ana.document));
    expect(rows[0]!.holder).toBe(subjectOf(1, ana.document));
    for (const c of [web, phone, other]) await c.action('auth/logout');
  });

  it('gives each other session a button named for when it started, different for every card even in the same minute', async () => {
    const mine = await loggedIn('carla');
    const others = [await loggedIn('carla'), await loggedIn('carla'), await loggedIn('carla', ANDROID)];
    const names = (await sessionCards(mine)).flatMap((c) => (endButton(c) ? [endButton(c).accessibleName as string] : []));
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name.startsWith('Encerrar sessão iniciada em ')).toBe(true);
    for (const c of [mine, ...others]) await c.action('auth/logout');
  });

  it('ends another session: its next screen goes to the login, this one goes on, and a security event names the customer by pseudonym', async () => {
    const web = await loggedIn('ana');
    const phone = await loggedIn('ana', ANDROID);
    const button = endButton((await sessionCards(web))[1]!);
    logs.clear();
    expect((await web.action(button.action.action, button.action.payload)).body).toEqual({ kind: 'snackbar', message: 'Sessão encerrada.', to: '/perfil/sessoes' });
    expect(await loggedOut(phone)).toBe(true);
    expect(await loggedOut(web)).toBe(false);
    expect((await sessionCards(web)).map((c) => c.title)).toEqual(['Navegador']);
    expect(securityLines('session.ended')).toEqual([expect.objectContaining({ reason: 'customer-other', count: 1, subject: subjectOf(1, ana.document) })]);
    expect(logs.text()).not.toContain(digits(ana.document));

    // Ended already, or never the customer's: nothing more ends, and the customer is told so.
    expect((await web.action(button.action.action, button.action.payload)).body.message).toBe('Esta sessão já tinha sido encerrada.');
    const bruno = await loggedIn('bruno');
    const anaAgain = await loggedIn('ana');
    const anasRef = endButton((await sessionCards(web)).find((c) => endButton(c))!).action.payload.sessao;
    expect((await bruno.action('profile/session-end', { sessao: anasRef })).body.message).toBe('Esta sessão já tinha sido encerrada.');
    expect(await loggedOut(anaAgain)).toBe(false);
    // Its own ref does not end the session that sends it (leaving is "Sair").
    const ownRef = stack.app.sessions.refOf((await sessionOf(web)).id);
    expect((await web.action('profile/session-end', { sessao: ownRef })).body.message).toBe('Esta sessão já tinha sido encerrada.');
    expect(await loggedOut(web)).toBe(false);
    for (const c of [web, bruno, anaAgain]) await c.action('auth/logout');
  });

  it('ends all the other sessions at once ("Encerrar as outras sessões")', async () => {
    const web = await loggedIn('ana');
    const others = [await loggedIn('ana'), await loggedIn('ana', ANDROID)];
    const bruno = await loggedIn('bruno');
    const doc = (await web.screen('/perfil/sessoes')).body;
    const all = findAll(doc.layout, (n) => n.id === 'encerrar-outras')[0];
    expect(all.label).toBe('Encerrar as outras sessões');
    logs.clear();
    expect((await web.action(all.action.action, all.action.payload)).body).toEqual({ kind: 'snackbar', message: 'As outras sessões foram encerradas.', to: '/perfil/sessoes' });
    for (const c of others) expect(await loggedOut(c)).toBe(true);
    expect(await loggedOut(web)).toBe(false);
    expect(await loggedOut(bruno)).toBe(false);
    expect(securityLines('session.ended')).toEqual([expect.objectContaining({ reason: 'customer-all-others', count: 2, subject: subjectOf(1, ana.document) })]);
    const after = (await web.screen('/perfil/sessoes')).body;
    expect(findAll(after.layout, (n) => n.id === 'encerrar-outras')).toEqual([]);
    expect(screenText(after)).toContain('Não há outras sessões abertas.');
    for (const c of [web, bruno]) await c.action('auth/logout');
  });
});

describe('the password again before e-mail, phone and biometric changes', () => {
  const contact = { email: 'ana.nova@example.com.br', confirmacao: 'ana.nova@example.com.br', ddd: '41', numero: '988887777', tipo: 3 };
  const changedUpstream = async () => (await stack.sandbox.calls()).filter((call) => call.path.startsWith('verificacao') || (call.method === 'PUT' && call.path.endsWith('/dados-cadastrais')) || call.path === 'login/selecionar-cota');
  const logins = async () => (await stack.sandbox.calls()).filter((call) => call.method === 'POST' && call.path === 'login');

  it('e-mail and phone: the form opens only after the password; a wrong one answers the login’s message and nothing changes at the back office', async () => {
    const c = await loggedIn('ana');
    const before = (await c.screen('/perfil/email-telefone')).body;
    expect(findAll(before.layout, (n) => n.id === 'form-contato')).toEqual([]);
    const ask = findAll(before.layout, (n) => n.id === 'form-confirmar-senha')[0];
    expect(ask.submit).toMatchObject({ label: 'Confirmar senha', action: { action: 'auth/reauthenticate', payload: { motivo: 'contato' } } });
    expect(screenText(before)).toContain('Para sua segurança, digite sua senha antes de alterar o e-mail ou o telefone.');

    await stack.sandbox.clearCalls();
    // Saving without it (a crafted request): refused, the screen asks for the password.
    expect((await c.action('profile/contact-save', contact)).body).toEqual({ kind: 'snackbar', message: 'Por segurança, digite sua senha de novo para continuar.', to: '/perfil/email-telefone' });
    expect((await c.action('auth/reauthenticate', { senha: '000000', motivo: 'contato' })).body).toEqual({
      kind: 'field-errors',
      errors: { senha: 'Não foi possível entrar. Por favor, verifique suas credenciais de acesso novamente!' },
    });
    // Checked by the back office's login, the same call the login makes.
    expect((await logins()).map((call) => call.body)).toEqual([expect.objectContaining({ username: digits(ana.document), idParceiro: '1' })]);
    expect((await c.action('profile/contact-save', contact)).body.to).toBe('/perfil/email-telefone');
    expect((await c.screen('/perfil/token')).body).toMatchObject({ kind: 'redirect', to: '/perfil' });
    expect(await changedUpstream()).toEqual([]);
    expect(securityLines('login.failed')).toEqual([expect.objectContaining({ pathway: 'reauthentication', reason: 'wrong-password', subject: subjectOf(1, ana.document) })]);

    expect((await c.action('auth/reauthenticate', { senha: ana.password, motivo: 'contato' })).body).toEqual({ kind: 'navigate', to: '/perfil/email-telefone', replace: true });
    const after = (await c.screen('/perfil/email-telefone')).body;
    expect(findAll(after.layout, (n) => n.id === 'form-confirmar-senha')).toEqual([]);
    expect(findAll(after.layout, (n) => n.id === 'form-contato')).toHaveLength(1);
    expect((await c.action('profile/contact-save', contact)).body).toEqual({ kind: 'navigate', to: '/perfil/token' });

    // Valid for 5 minutes: later the password is asked again.
    const session = await sessionOf(c);
    await stack.app.sessions.patch(session, { reauthenticatedAt: Date.now() - 5 * 60_000 - 1 });
    expect((await c.action('profile/contact-save', contact)).body.to).toBe('/perfil/email-telefone');
    await c.action('auth/logout');
  });

  it('counts wrong passwords typed again with the login’s: past 5, the right one is refused too, here and at the login', async () => {
    const helena = persona('helena');
    const c = await loggedIn('helena');
    for (let i = 0; i < 5; i++) expect((await c.action('auth/reauthenticate', { senha: '000000', motivo: 'contato' })).body.errors.senha).toMatch(/verifique suas credenciais/);
    await stack.sandbox.clearCalls();
    const tooMany = 'Muitas tentativas de acesso. Por segurança, aguarde 15 minutos e tente novamente.';
    expect((await c.action('auth/reauthenticate', { senha: helena.password, motivo: 'contato' })).body).toEqual({ kind: 'field-errors', errors: {}, message: tooMany });
    expect((await client(stack.baseUrl).action('auth/login', { modo: 'documento', documento: helena.document, senha: helena.password })).body.message).toBe(tooMany);
    expect(await logins()).toEqual([]);
    expect(findAll((await c.screen('/perfil/email-telefone')).body.layout, (n) => n.id === 'form-contato')).toEqual([]);
  });

  it('biometrics: turning it on or off needs the password again; without it no credential is kept and nothing reaches the back office', async () => {
    const c = client(stack.baseUrl);
    await c.loginWithQuota('bruno');
    const bruno = persona('bruno');
    const credential = randomBytes(32).toString('base64url');
    const enrol = () => c.action('auth/biometrics-enrol', { resposta: { ok: true, credential } }).set(ANDROID);
    const page = async () => (await c.screen('/biometria', ANDROID)).body;

    const asking = await page();
    expect(findAll(asking.layout, (n) => n.id === 'ativar-biometria')).toEqual([]);
    expect(findAll(asking.layout, (n) => n.id === 'form-confirmar-senha')[0].submit.action.payload).toEqual({ motivo: 'biometria' });
    await stack.sandbox.clearCalls();
    expect((await enrol()).body).toEqual({ kind: 'snackbar', message: 'Por segurança, digite sua senha de novo para continuar.', to: '/biometria' });
    expect((await c.action('auth/reauthenticate', { senha: '000000', motivo: 'biometria' }).set(ANDROID)).body.errors.senha).toBe('Não foi possível entrar. Por favor, verifique suas credenciais de acesso novamente!');
    expect(await enrol().then((r) => r.body.kind)).toBe('snackbar');
    expect(await stack.app.biometrics.find(credential)).toBeNull();
    expect(await changedUpstream()).toEqual([]);

    expect((await c.action('auth/reauthenticate', { senha: bruno.password, motivo: 'biometria' }).set(ANDROID)).body).toEqual({ kind: 'navigate', to: '/biometria', replace: true });
    expect(findAll((await page()).layout, (n) => n.id === 'ativar-biometria')).toHaveLength(1);
    expect((await enrol()).body).toMatchObject({ kind: 'snackbar', message: 'Biometria ativada. Na próxima vez, entre sem digitar a senha.', to: '/home' });
    expect(await stack.app.biometrics.find(credential)).not.toBeNull();

    // Turning it off, past the 5 minutes: refused, the credential lives on; with the password, revoked.
    await stack.app.sessions.patch(await sessionOf(c), { reauthenticatedAt: Date.now() - 5 * 60_000 - 1 });
    expect(findAll((await page()).layout, (n) => n.id === 'desativar-biometria')).toEqual([]);
    expect((await c.action('auth/biometrics-disable', {}).set(ANDROID)).body.to).toBe('/biometria');
    expect(await stack.app.biometrics.find(credential)).not.toBeNull();
    await c.action('auth/reauthenticate', { senha: bruno.password, motivo: 'biometria' }).set(ANDROID);
    expect(findAll((await page()).layout, (n) => n.id === 'desativar-biometria')).toHaveLength(1);
    expect((await c.action('auth/biometrics-disable', {}).set(ANDROID)).body).toMatchObject({ kind: 'snackbar', message: 'Biometria desativada. Entre com sua senha.' });
    expect(await stack.app.biometrics.find(credential)).toBeNull();
    await c.action('auth/logout');
  });
});

describe('after a password change', () => {
  it('offers to end the other sessions ("Encerrar as outras sessões" or "Agora não"), and ends them when asked', async () => {
    const igor = persona('igor');
    const c = await loggedIn('igor');
    const elsewhere = await loggedIn('igor', ANDROID);
    await c.action('auth/password-current', { senhaAtual: igor.password, origem: 'perfil' });
    const res = await c.action('auth/password-new', { novaSenha: '583920', confirmacao: '583920', origem: 'perfil' });
    expect(res.body.kind).toBe('modal');
    const modal = res.body.modal;
    expect(modal.title).toBe('Senha alterada com sucesso.');
    expect(screenText({ layout: modal.body })).toContain('Suas outras sessões continuam abertas com a senha antiga.');
    expect(modal.actions.map((a: Node) => a.label)).toEqual(['Encerrar as outras sessões', 'Agora não']);
    expect(modal.actions[1].action).toEqual({ type: 'navigate', to: '/perfil', replace: true });
    expect(await loggedOut(elsewhere)).toBe(false);

    logs.clear();
    const end = modal.actions[0].action;
    expect((await c.action(end.action, end.payload)).body).toEqual({ kind: 'snackbar', message: 'As outras sessões foram encerradas.', to: '/perfil' });
    expect(await loggedOut(elsewhere)).toBe(true);
    expect(await loggedOut(c)).toBe(false);
    expect(securityLines('session.ended')).toEqual([expect.objectContaining({ reason: 'customer-all-others', count: 1 })]);

    // Alone, the change just says it is done.
    await c.action('auth/password-current', { senhaAtual: '583920', origem: 'perfil' });
    expect((await c.action('auth/password-new', { novaSenha: '829461', confirmacao: '829461', origem: 'perfil' })).body).toEqual({ kind: 'snackbar', message: 'Senha alterada com sucesso.', to: '/perfil' });
  });
});

describe('an approver in the console', () => {
  async function staff(login: string, _senha: string) {
    // The console answers on its own host only.
    return signedInStaff(stack.baseUrl, login);
  }
  const form = async (c: Client) => findAll((await c.screen('/ops/pedidos')).body.layout ?? [], (n) => n.id === 'ops-encerrar-sessoes');

  it('ends every session of one CPF (a viewer, a publisher or a customer is refused), audited with the staff named and the customer by pseudonym', async () => {
    const anas = [await loggedIn('ana'), await loggedIn('ana', ANDROID)];
    const bruno = await loggedIn('bruno');
    const viewer = await staff('consulta', 'consulta-sandbox');
    const publisher = await staff('operacao', 'operacao-sandbox');
    const approver = await staff('aprovacao', 'aprovacao-sandbox');

    expect(await form(viewer)).toEqual([]);
    expect(await form(publisher)).toEqual([]);
    const [shown] = await form(approver);
    expect(shown.submit).toMatchObject({ label: 'Encerrar as sessões do cliente', action: { action: 'ops/encerrar-sessoes' } });

    for (const refused of [viewer, publisher]) expect((await refused.action('ops/encerrar-sessoes', { documento: ana.document })).status).toBe(403);
    // A customer's session is no staff session (and the customers' host no console).
    expect([401, 404]).toContain((await anas[0]!.action('ops/encerrar-sessoes', { documento: ana.document })).status);
    for (const c of anas) expect(await loggedOut(c)).toBe(false);

    expect((await approver.action('ops/encerrar-sessoes', { documento: '123.456.789-00' })).body.errors).toEqual({ documento: 'Informe um CPF ou CNPJ válido.' });
    logs.clear();
    expect((await approver.action('ops/encerrar-sessoes', { documento: '661.157.509-03' })).body).toEqual({ kind: 'snackbar', message: '2 sessões encerradas.', to: '/ops/pedidos' });
    for (const c of anas) expect(await loggedOut(c)).toBe(true);
    expect(await loggedOut(bruno)).toBe(false);
    expect(securityLines('session.ended')).toEqual([expect.objectContaining({ reason: 'approver', staff: 'aprovacao', count: 2, subject: subjectOf(1, ana.document) })]);
    expect(logs.text()).not.toContain(digits(ana.document));
    expect(logs.text()).not.toContain('661.157.509-03');
    expect((await approver.action('ops/encerrar-sessoes', { documento: ana.document })).body.message).toBe('Nenhuma sessão aberta deste cliente.');
  });
});
