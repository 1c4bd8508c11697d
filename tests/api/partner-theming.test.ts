import { describe, expect, it } from 'vitest';
import { client, findAll } from '../helpers/api-client.js';
import { partner } from '../helpers/personas.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

describe('partner resolution by host', () => {
  it('maps localhost to the development partner', async () => {
    const res = await client(stack.baseUrl).screen('/login');
    expect(res.body.partner.name).toBe(partner(1).name);
    expect(res.body.partner.theme.primary).toBe('#CE181E');
  });

  it('resolves horizonte.localhost to Horizonte with its own colour', async () => {
    const res = await client(stack.baseUrl, `horizonte.localhost:${stack.port}`).screen('/login');
    expect(res.body.partner.name).toBe('Horizonte Consórcios');
    expect(res.body.partner.theme.primary).toBe(partner(68).colors.primary);
    expect(res.body.partner.theme.onPrimary).toBe('#FFFFFF');
  });

  it('falls back to the default partner colours for an unknown domain', async () => {
    const res = await client(stack.baseUrl, 'desconhecido.example').screen('/login');
    expect(res.body.partner.theme.primary).toBe('#CE181E');
    expect(res.body.partner.theme.secondary).toBe('#BA2429');
  });
});

describe('capabilities and fallbacks', () => {
  const warning = { startDate: '2000-01-01', startHour: '00:00', endDate: '2999-12-31', endHour: '23:59', active: true, text: 'Manutenção programada hoje à noite.' };

  it('sends the maintenance banner to a renderer that draws banners, and its text fallback to one that does not', async () => {
    await stack.sandbox.setWarnings(1, [warning]);
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const modern = await c.screen('/home');
    expect(findAll(modern.body.layout, (n) => n.type === 'banner')[0]?.text).toBe(warning.text);
    const old = await c.screen('/home', { 'x-renderer-capabilities': 'heading,text,value,card,button' });
    expect(findAll(old.body.layout, (n) => n.type === 'banner')).toHaveLength(0);
    expect(findAll(old.body.layout, (n) => n.type === 'text' && n.text === warning.text)).toHaveLength(1);
  });

  it('hides a warning outside its window or inactive', async () => {
    await stack.sandbox.setWarnings(1, [{ ...warning, endDate: '2001-01-01' }, { ...warning, active: false }]);
    const c = client(stack.baseUrl);
    await c.loginWithQuota('ana');
    const res = await c.screen('/home');
    expect(findAll(res.body.layout, (n) => n.type === 'banner')).toHaveLength(0);
  });
});
