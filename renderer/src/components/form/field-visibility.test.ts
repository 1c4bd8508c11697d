import { describe, expect, it } from 'vitest';
import { runConditionCorpus } from '../../../../screens/contract/conditions-corpus.js';
import { holds } from '../../../../screens/contract/conditions.js';
import { applyFieldVisibility } from './field-visibility.js';

describe('condition language, as the renderer evaluates it', () => {
  runConditionCorpus(holds);
});

describe('field visibility', () => {
  const ui = { fgts: { 'ui:when': { eq: [{ var: 'usarFgts' }, true] }, 'ui:help': 'x' }, valor: {} };

  it('hides a field whose condition does not hold, from the form data alone', () => {
    expect(applyFieldVisibility(ui, { usarFgts: false })).toEqual({ fgts: { 'ui:help': 'x', 'ui:widget': 'hidden' }, valor: {} });
  });

  it('shows it again when the data changes', () => {
    expect(applyFieldVisibility(ui, { usarFgts: true })).toEqual({ fgts: { 'ui:help': 'x' }, valor: {} });
  });
});
