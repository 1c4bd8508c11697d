import { describe, expect, it } from 'vitest';
import { fillTemplate, TemplateError } from './template.js';

const texts = { 'home.saudacao': 'Olá, {{customer.firstName}}', vazio: 'Nada aqui' };

describe('layout template', () => {
  it('resolves text keys and interpolates them with the view model', () => {
    expect(fillTemplate({ type: 'heading', text: '@home.saudacao' }, { customer: { firstName: 'Ana' } }, texts)).toEqual({
      type: 'heading',
      text: 'Olá, Ana',
    });
  });

  it('repeats a template for each element and keeps raw values with $value', () => {
    const layout = [{ $each: 'quotas', as: 'q', template: { id: 'cota-{{q.id}}', payload: { idCota: { $value: 'q.id' } } } }];
    expect(fillTemplate(layout, { quotas: [{ id: 7 }, { id: 9 }] }, texts)).toEqual([
      { id: 'cota-7', payload: { idCota: 7 } },
      { id: 'cota-9', payload: { idCota: 9 } },
    ]);
  });

  it('drops elements whose $if is falsy or whose $unless is truthy', () => {
    const layout = [
      { $if: 'warnings', type: 'banner' },
      { $unless: 'warnings', type: 'text', text: '@vazio' },
    ];
    expect(fillTemplate(layout, { warnings: [] }, texts)).toEqual([{ type: 'text', text: 'Nada aqui' }]);
    expect(fillTemplate(layout, { warnings: [1] }, texts)).toEqual([{ type: 'banner' }]);
  });

  it('leaves out the value of a key whose $if is falsy, and sets it when truthy', () => {
    const layout = { type: 'card', title: 'v{{v.n}}', action: { $if: 'v.podeVoltar', label: 'Voltar', action: { type: 'navigate', to: '/v/{{v.n}}' } } };
    expect(JSON.parse(JSON.stringify(fillTemplate(layout, { v: { n: 2, podeVoltar: false } }, texts)))).toEqual({ type: 'card', title: 'v2' });
    expect(fillTemplate(layout, { v: { n: 3, podeVoltar: true } }, texts)).toEqual({ type: 'card', title: 'v3', action: { label: 'Voltar', action: { type: 'navigate', to: '/v/3' } } });
  });

  it('refuses a layout that names a text that does not exist', () => {
    expect(() => fillTemplate({ text: '@nao.existe' }, {}, texts)).toThrow(TemplateError);
  });

  it('renders a missing value as empty text, never "undefined"', () => {
    expect(fillTemplate('Cota {{quota.cota}}', {}, texts)).toBe('Cota ');
  });

  it('lets each element see the rest of the view model, and drops an element whose template $if is falsy', () => {
    const layout = [{ $each: 'quotas', as: 'q', template: { $if: 'q.ativa', text: 'Cota {{q.id}} de {{customer.firstName}}' } }];
    expect(fillTemplate(layout, { customer: { firstName: 'Ana' }, quotas: [{ id: 7, ativa: true }, { id: 8 }, { id: 9, ativa: true }] }, texts)).toEqual([
      { text: 'Cota 7 de Ana' },
      { text: 'Cota 9 de Ana' },
    ]);
  });

  it('fills the same layout afresh for every request, and a new version of it as it now reads', () => {
    const layout = [{ type: 'text', text: '@home.saudacao', tags: ['a'] }];
    expect(fillTemplate(layout, { customer: { firstName: 'Ana' } }, texts)).toEqual([{ type: 'text', text: 'Olá, Ana', tags: ['a'] }]);
    expect(fillTemplate(layout, { customer: { firstName: 'Bia' } }, texts)).toEqual([{ type: 'text', text: 'Olá, Bia', tags: ['a'] }]);
    expect(fillTemplate(layout, { customer: { firstName: 'Bia' } }, { ...texts, 'home.saudacao': 'Oi, {{customer.firstName}}!' })).toEqual([{ type: 'text', text: 'Oi, Bia!', tags: ['a'] }]);
    // Back to the first texts: the text is looked up again, not kept from the texts before.
    expect(fillTemplate(layout, { customer: { firstName: 'Caio' } }, texts)).toEqual([{ type: 'text', text: 'Olá, Caio', tags: ['a'] }]);
    expect(() => fillTemplate(layout, {}, { vazio: 'Nada aqui' })).toThrow(TemplateError);
    const published = [{ type: 'heading', text: 'Nova versão {{ versao }}' }];
    expect(fillTemplate(published, { versao: 2 }, texts)).toEqual([{ type: 'heading', text: 'Nova versão 2' }]);
  });

  it('makes a node that depends on no value of the model once, and shares it frozen; a node with a value is new on every fill', () => {
    const layout = [
      { type: 'heading', text: '@home.saudacao' },
      { type: 'shortcuts', label: '@vazio', links: [{ label: 'Boletos', action: { type: 'navigate', to: '/boletos' } }] },
      { type: 'card', id: 'cota-{{id}}', action: { type: 'navigate', to: '/home' } },
    ];
    const fill = (id: number) => fillTemplate(layout, { id, customer: { firstName: 'Ana' } }, texts) as Array<Record<string, unknown>>;
    const [first, second] = [fill(7), fill(8)];
    expect(second[1]).toBe(first[1]);
    expect(second[2]!.action).toBe(first[2]!.action);
    expect(Object.isFrozen(first[1]!.links)).toBe(true);
    expect(() => (first[1]!.links as unknown[]).push('mudado por quem recebeu')).toThrow(TypeError);
    // What depends on the model is the fill's own, and the receiver may change it.
    expect(second[2]).not.toBe(first[2]);
    first[2]!.id = 'mudado por quem recebeu';
    expect(fillTemplate(layout, { id: 9, customer: { firstName: 'Bia' } }, texts)).toEqual([
      { type: 'heading', text: 'Olá, Bia' },
      { type: 'shortcuts', label: 'Nada aqui', links: [{ label: 'Boletos', action: { type: 'navigate', to: '/boletos' } }] },
      { type: 'card', id: 'cota-9', action: { type: 'navigate', to: '/home' } },
    ]);
    // A new version of the texts makes its constant nodes anew.
    expect(fillTemplate(layout, { id: 9 }, { ...texts, vazio: 'Vazio' })).toMatchObject([{}, { label: 'Vazio' }, {}]);
  });

  it('keeps deciding a constant node’s $if for each model, and refuses a missing text only where a fill reaches it', () => {
    const layout = [{ $if: 'aviso', type: 'banner', text: '@nao.existe' }, { $unless: 'aviso', type: 'text', text: '@vazio' }];
    expect(fillTemplate(layout, { aviso: false }, texts)).toEqual([{ type: 'text', text: 'Nada aqui' }]);
    expect(() => fillTemplate(layout, { aviso: true }, texts)).toThrow(TemplateError);
  });

  it('keeps a node’s keys in the layout’s order, constant and filled alike, and gives each fill objects of its own', () => {
    const layout = { type: 'card', title: '@home.saudacao', variant: 'destaque', id: 'cota-{{id}}', ordem: 2, ativo: true, nada: null, action: { type: 'navigate', to: '/cota/{{id}}' } };
    const first = fillTemplate(layout, { id: 7, customer: { firstName: 'Ana' } }, texts) as Record<string, unknown>;
    expect(JSON.stringify(first)).toBe('{"type":"card","title":"Olá, Ana","variant":"destaque","id":"cota-7","ordem":2,"ativo":true,"nada":null,"action":{"type":"navigate","to":"/cota/7"}}');
    first.variant = 'mudado por quem recebeu';
    (first.action as Record<string, unknown>).to = '/outro';
    expect(fillTemplate(layout, { id: 8, customer: { firstName: 'Bia' } }, texts)).toMatchObject({ variant: 'destaque', id: 'cota-8', action: { to: '/cota/8' } });
  });

  it('fills a key named __proto__ as data, never as the object’s prototype', () => {
    const layout = JSON.parse('{"type":"text","__proto__":{"polluted":"{{x}}"}}') as unknown;
    const filled = fillTemplate(layout, { x: 'sim' }, texts) as Record<string, unknown>;
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype);
    expect((filled as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.stringify(filled)).toBe('{"type":"text","__proto__":{"polluted":"sim"}}');
    const constant = fillTemplate(JSON.parse('{"__proto__":"texto"}'), {}, texts) as Record<string, unknown>;
    expect(Object.getOwnPropertyNames(constant)).toEqual(['__proto__']);
    // A constant __proto__ beside a value of the model: still data, copied with the node's other constants.
    const beside = fillTemplate(JSON.parse('{"__proto__":{"polluted":"sim"},"type":"{{x}}"}'), { x: 'text' }, texts) as Record<string, unknown>;
    expect(Object.getPrototypeOf(beside)).toBe(Object.prototype);
    expect((beside as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.stringify(beside)).toBe('{"__proto__":{"polluted":"sim"},"type":"text"}');
  });
});
