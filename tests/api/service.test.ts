import { describe, expect, it } from 'vitest';
import { client, findAll, screenText } from '../helpers/api-client.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

async function login(key: string, host?: string) {
  const c = client(stack.baseUrl, host);
  await c.loginWithQuota(key);
  return c;
}

describe('branches (/filiais)', () => {
  it('offers the 27 states, then the cities of a state, then the branches of a city (GET filiais)', async () => {
    const c = await login('ana');
    const start = await c.screen('/filiais');
    expect(start.body.screen).toBe('filiais');
    const ufForm = findAll(start.body.layout, (n) => n.id === 'form-estado')[0];
    expect(ufForm.schema.properties.uf.enum).toHaveLength(27);
    expect(ufForm.uiSchema.uf['ui:enumNames']).toContain('São Paulo (SP)');

    expect((await c.action('service/branches', { uf: 'XX' })).body).toEqual({ kind: 'field-errors', errors: { uf: 'Escolha um estado da lista.' } });
    expect((await c.action('service/branches', { uf: 'SP' })).body).toEqual({ kind: 'navigate', to: '/filiais?uf=SP' });
    const state = await c.screen('/filiais?uf=SP');
    expect(findAll(state.body.layout, (n) => n.id === 'form-cidade')[0].schema.properties.cidade.enum).toEqual(['Campinas', 'São Paulo']);

    expect((await c.action('service/branches', { uf: 'SP', cidade: 'São Paulo' })).body).toEqual({ kind: 'navigate', to: '/filiais?uf=SP&cidade=S%C3%A3o+Paulo' });
    const city = await c.screen('/filiais?uf=SP&cidade=S%C3%A3o+Paulo');
    const branches = findAll(city.body.layout, (n) => typeof n.id === 'string' && n.id.startsWith('filial-'));
    expect(branches.map((b) => b.title)).toEqual(['Filial Paulista', 'Filial Santana']);
    expect(screenText(city.body)).toContain('(11) 3000-1000');
    expect((await stack.sandbox.calls()).filter((x) => x.path === 'filiais').at(-1)?.query).toMatchObject({ estado: 'SP' });
  });

  it('says when a state has no branch, and ignores a state code that does not exist', async () => {
    const c = await login('ana');
    expect(screenText((await c.screen('/filiais?uf=AC')).body)).toContain('Não há filiais neste estado.');
    const bad = await c.screen('/filiais?uf=ZZ');
    expect(bad.status).toBe(200);
    expect(screenText(bad.body)).toContain('Escolha um estado da lista.');
  });
});

describe('group situation (/situacaodogrupo)', () => {
  it('shows the group of the selected quota (core/grupo/situacao)', async () => {
    const c = await login('ana');
    const res = await c.screen('/situacaodogrupo');
    expect(res.body.screen).toBe('situacaodogrupo');
    const text = screenText(res.body);
    expect(text).toContain('Grupo: 001234');
    expect(text).toContain('Situação: Em andamento');
    expect(text).toMatch(/Próxima assembleia: \d{2}\/\d{2}\/\d{4}/);
  });

  it('says it cannot be accessed now when the back office fails', async () => {
    const c = await login('ana');
    await stack.sandbox.fault({ method: 'GET', path: 'core/grupo/situacao', status: 503, times: 3 });
    const res = await c.screen('/situacaodogrupo');
    expect(res.status).toBe(200);
    expect(screenText(res.body)).toContain('Não é possível acessar a situação do grupo agora. Tente novamente mais tarde.');
  });
});

describe('requests (/requests)', () => {
  it('lists the customer’s CRM cases with protocol, type, status, comments, date and bank data', async () => {
    const c = await login('otavio');
    const res = await c.screen('/requests');
    expect(res.body.screen).toBe('solicitacoes');
    const [card] = findAll(res.body.layout, (n) => n.id === 'solicitacao-00413377');
    expect(card.title).toBe('Protocolo 00413377');
    expect(card.subtitle).toBe('Pagamento de Crédito');
    const value = (label: string) => findAll([card], (n) => n.type === 'value' && n.label === label)[0]?.text;
    expect(value('Situação')).toBe('Concluída');
    expect(value('Aberta em')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(value('Comentários')).toBe('O banco devolveu a transferência: confira os dados bancários e envie novamente.');
    expect(value('Dados bancários')).toBe('341 - Itaú Unibanco · Agência 1234 · Conta corrente 56789-0');
  });

  it('shows an empty list for ana and a message when the CRM fails', async () => {
    const c = await login('ana');
    const empty = await c.screen('/requests');
    expect(findAll(empty.body.layout, (n) => n.id === 'solicitacoes')[0]).toMatchObject({ items: [], emptyText: 'Você ainda não tem solicitações.' });
    await stack.sandbox.fault({ method: 'POST', path: 'salesforce/consulta/casos', status: 500, times: 1 });
    expect(screenText((await c.screen('/requests')).body)).toContain('Não é possível consultar suas solicitações agora.');
  });
});

describe('customer service (/customer-service)', () => {
  it('shows the support hours and the partner’s WhatsApp link', async () => {
    const c = await login('ana');
    const res = await c.screen('/customer-service');
    expect(screenText(res.body)).toContain('Segunda a sexta, das 08h às 19h');
    expect(findAll(res.body.layout, (n) => n.id === 'whatsapp')[0].action).toEqual({ type: 'open-url', url: 'https://wa.me/551140041000?text=Ol%C3%A1%2C%20preciso%20de%20atendimento' });
    const marcos = await login('marcos', `horizonte.localhost:${stack.port}`);
    expect(findAll((await marcos.screen('/customer-service')).body.layout, (n) => n.id === 'whatsapp')[0].action.url).toBe('https://wa.me/553130030068');
  });
});
