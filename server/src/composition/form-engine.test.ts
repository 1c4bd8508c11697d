import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ComponentNode } from '../../../screens/contract/index.js';
import { formEngine, withFormEngines } from './form-engine.js';

type Form = Parameters<typeof formEngine>[0];
const layoutForms = (file: string): Form[] => {
  const found: Form[] = [];
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (n && typeof n === 'object') {
      if ((n as { type?: string }).type === 'form') found.push(n as Form);
      Object.values(n).forEach(walk);
    }
  };
  walk(JSON.parse(readFileSync(`screens/layouts/${file}.json`, 'utf8')));
  return found;
};

describe('form engine', () => {
  it('draws both login forms and the password change with the light form', () => {
    for (const file of ['entrar', 'entrar-mobile', 'alterarsenha-nova']) {
      for (const form of layoutForms(file)) expect(formEngine(form)).toBe('light');
    }
  });

  it('draws radios, checkboxes and fields shown by a condition with the light form', () => {
    const form: Form = {
      schema: { type: 'object', required: ['tipo'], properties: { tipo: { type: 'string', enum: ['a', 'b'], title: 'Tipo' }, aceite: { type: 'boolean', title: 'Aceito' }, valor: { type: 'string', title: 'Valor' } } },
      uiSchema: { tipo: { 'ui:widget': 'radio', 'ui:enumNames': ['A', 'B'] }, valor: { 'ui:when': { eq: [{ var: 'tipo' }, 'a'] }, 'ui:options': { inputMode: 'decimal' } } },
    };
    expect(formEngine(form)).toBe('light');
  });

  it('draws the address (a state to pick, a whole-number type as radios), the vehicle data (placeholders) and a box that must be ticked with the light form', () => {
    const address = layoutForms('perfil-endereco').at(-1)!;
    expect(formEngine(address)).toBe('light');
    const form: Form = {
      schema: { type: 'object', properties: { uf: { type: 'string', enum: ['SP', 'PR'], title: 'UF' }, banco: { type: 'integer', enum: [1, 341], title: 'Banco' }, ano: { type: 'string', title: 'Ano' }, ciente: { type: 'boolean', const: true, title: 'Estou ciente' } } },
      uiSchema: { banco: { 'ui:enumNames': ['Banco do Brasil', 'Itaú'] }, ano: { 'ui:placeholder': '2026/2027' } },
    };
    expect(formEngine(form)).toBe('light');
  });

  it('draws free numbers and options named one by one (oneOf: yes/no, vehicle classes) with the light form', () => {
    const novoSocio = layoutForms('especie-identificacao').find((f) => 'novoSocio' in (f.schema.properties as object))!;
    expect(formEngine(novoSocio)).toBe('light');
    const form: Form = {
      schema: {
        type: 'object',
        required: ['valorCompra', 'tipo'],
        properties: {
          valorCompra: { type: 'number', title: 'Valor de compra (R$)', errorMessage: 'x' },
          parcelas: { type: 'integer', title: 'Parcelas' },
          tipo: { type: 'string', title: 'Tipo', oneOf: [{ const: 'AUTOMOVEL', title: 'Automóvel' }, { const: 'MOTO', title: 'Moto' }], errorMessage: 'x' },
          nivel: { type: 'integer', title: 'Nível', oneOf: [{ const: 1, title: 'Um' }] },
        },
      },
      uiSchema: { valorCompra: { 'ui:help': 'Como na nota' } },
    };
    expect(formEngine(form)).toBe('light');
  });

  it('draws files, one or a list, with the light form', () => {
    const form: Form = {
      schema: { type: 'object', required: ['paginas'], properties: { paginas: { type: 'array', title: 'Páginas', minItems: 1, maxItems: 2, items: { type: 'string', format: 'data-url' }, errorMessage: 'x' }, foto: { type: 'string', format: 'data-url', title: 'Foto' } } },
      uiSchema: { paginas: { 'ui:options': { orderable: false, copyable: false, accept: '.pdf' }, 'ui:help': 'Frente e verso' }, foto: { 'ui:options': { accept: '.jpg,.png' } } },
    };
    expect(formEngine(form)).toBe('light');
  });

  it('draws a list of ticks (the slip list) with the light form', () => {
    const form: Form = {
      schema: { type: 'object', required: ['parcelas'], properties: { parcelas: { type: 'array', title: 'Parcelas', uniqueItems: true, minItems: 1, items: { type: 'string', enum: ['1', '2'] }, errorMessage: 'x' } } },
      uiSchema: { parcelas: { 'ui:widget': 'checkboxes', items: { 'ui:enumNames': ['Um', 'Dois'] } } },
    };
    expect(formEngine(form)).toBe('light');
    const lista = layoutForms('boletos-lista')[0]!;
    expect(formEngine({ ...lista, schema: JSON.parse(JSON.stringify(lista.schema).replace('{"$value":"ids"}', '["1"]')) })).toBe('light');
  });

  it.each([
    ['ticks without uniqueItems', { type: 'object', properties: { p: { type: 'array', items: { type: 'string', enum: ['1'] } } } }, { p: { 'ui:widget': 'checkboxes' } }],
    ['ticks of numbers', { type: 'object', properties: { p: { type: 'array', uniqueItems: true, items: { type: 'number', enum: [1] } } } }, { p: { 'ui:widget': 'checkboxes' } }],
    ['a file list with previews', { type: 'object', properties: { docs: { type: 'array', items: { type: 'string', format: 'data-url' } } } }, { docs: { 'ui:options': { filePreview: true } } }],
    ['files of another encoding', { type: 'object', properties: { doc: { type: 'string', format: 'binary' } } }, {}],
    ['a number with bounds', { type: 'object', properties: { n: { type: 'number', title: 'N', minimum: 1 } } }, {}],
    ['a number drawn as a spin box', { type: 'object', properties: { n: { type: 'integer', title: 'N' } } }, { n: { 'ui:widget': 'updown' } }],
    ['options whose values are not of the field type', { type: 'object', properties: { s: { type: 'boolean', title: 'S', oneOf: [{ const: 'sim', title: 'Sim' }] } } }, {}],
    ['options that say more than a value and its name', { type: 'object', properties: { s: { type: 'string', title: 'S', oneOf: [{ const: 'a', title: 'A', description: 'x' }] } } }, {}],
    ['both enum and oneOf', { type: 'object', properties: { s: { type: 'string', title: 'S', enum: ['a'], oneOf: [{ const: 'a', title: 'A' }] } } }, {}],
    ['numbers to choose from that are not whole', { type: 'object', properties: { n: { type: 'number', enum: [1.5], title: 'N' } } }, {}],
    ['a constant other than a box to tick', { type: 'object', properties: { c: { type: 'string', const: 'x', title: 'C' } } }, {}],
    ['a one-time code', { type: 'object', properties: { c: { type: 'string', title: 'C' } } }, { c: { 'ui:widget': 'otp' } }],
    ['a text area', { type: 'object', properties: { c: { type: 'string', title: 'C' } } }, { c: { 'ui:widget': 'textarea' } }],
    ['an option the light form does not know', { type: 'object', properties: { c: { type: 'string', title: 'C' } } }, { c: { 'ui:options': { mask: '000' } } }],
    ['a schema keyword the light form does not know', { type: 'object', properties: { c: { type: 'string', title: 'C', pattern: '^\\d+$' } } }, {}],
    ['a nested object', { type: 'object', properties: { o: { type: 'object', properties: {} } } }, {}],
  ])('sends %s to the JSON form library', (_name, schema, uiSchema) => {
    expect(formEngine({ schema, uiSchema } as Form)).toBe('json');
  });

  it('marks forms inside cards, lists and fallbacks, and keeps an engine already chosen', () => {
    const light = { type: 'form', schema: { type: 'object', properties: {} }, submit: { label: 'Ok', action: { type: 'dismiss' } } };
    const nodes = [
      { type: 'card', items: [{ type: 'list', items: [light] }] },
      { ...light, engine: 'json' },
      { type: 'heading', text: 'x', fallback: light },
    ] as unknown as ComponentNode[];
    const out = withFormEngines(nodes) as unknown as Array<{ items?: Array<{ items: Array<{ engine: string }> }>; engine?: string; fallback?: { engine: string } }>;
    expect(out[0]!.items![0]!.items[0]!.engine).toBe('light');
    expect(out[1]!.engine).toBe('json');
    expect(out[2]!.fallback!.engine).toBe('light');
  });

  it('marks forms inside a page laid out in columns and groups (the console)', () => {
    const light = { type: 'form', schema: { type: 'object', properties: {} }, submit: { label: 'Ok', action: { type: 'dismiss' } } };
    const nodes = [{ type: 'columns', variant: 'sidebar', items: [{ type: 'group', items: [] }, { type: 'group', items: [light] }] }] as unknown as ComponentNode[];
    const out = withFormEngines(nodes) as unknown as Array<{ items: Array<{ items: Array<{ engine?: string }> }> }>;
    expect(out[0]!.items[1]!.items[0]!.engine).toBe('light');
  });
});
