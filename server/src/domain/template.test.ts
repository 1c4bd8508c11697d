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

  it('refuses a layout that names a text that does not exist', () => {
    expect(() => fillTemplate({ text: '@nao.existe' }, {}, texts)).toThrow(TemplateError);
  });

  it('renders a missing value as empty text, never "undefined"', () => {
    expect(fillTemplate('Cota {{quota.cota}}', {}, texts)).toBe('Cota ');
  });
});
