import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { removeItem } from './row-ops.js';
import { addStep, readAvailability, setAvailability, setStepField, setStepTexts, type EditorWizard } from './wizard-model.js';

const shipped = readFileSync(new URL('../../../../screens/flows/bid-wizard.json', import.meta.url), 'utf8');
const wizard = (): EditorWizard => JSON.parse(shipped) as EditorWizard;
const ids = (w: EditorWizard) => w.steps.map((s) => s.id);
const INPUTS = ['tipo', 'opcoes'];

describe('wizard editor model', () => {
  it('round-trips the bid wizard exactly, and a change touches only the picked field', () => {
    expect(JSON.stringify(JSON.parse(JSON.stringify(wizard(), null, 2)))).toBe(JSON.stringify(JSON.parse(shipped)));
    const w = wizard();
    const relabelled = setStepField(w, 1, 'label', 'Lance embutido (novo)');
    expect(relabelled.steps[1]).toEqual({ id: 'builtin', label: 'Lance embutido (novo)' });
    expect({ ...relabelled, steps: relabelled.steps.filter((_, i) => i !== 1) }).toEqual({ ...w, steps: w.steps.filter((_, i) => i !== 1) });
    expect(w).toEqual(wizard());
    // Setting the same picks back gives the same JSON text (key order kept).
    const same = setAvailability(w, 3, 'tipo', ['auto', 'pesados']);
    expect(JSON.stringify(same)).toBe(JSON.stringify(w));
  });

  it('reads availability as picks per input, and writes eq / in / has', () => {
    const w = wizard();
    expect(readAvailability(w.steps[0]!.available, INPUTS)).toEqual({});
    expect(readAvailability(w.steps[2]!.available, INPUTS)).toEqual({ tipo: ['imovel'] });
    expect(readAvailability(w.steps[3]!.available, INPUTS)).toEqual({ tipo: ['auto', 'pesados'], opcoes: ['003'] });
    expect(readAvailability({ ne: [{ var: 'tipo' }, 'auto'] }, INPUTS)).toBeNull();

    expect(setAvailability(w, 2, 'tipo', ['imovel', 'servico']).steps[2]!.available).toEqual({ in: [{ var: 'tipo' }, ['imovel', 'servico']] });
    expect(setAvailability(w, 2, 'tipo', 'any').steps[2]).toEqual({ id: 'fgts', label: 'FGTS' });
    expect(setAvailability(w, 0, 'opcoes', ['003']).steps[0]!.available).toEqual({ has: [{ var: 'opcoes' }, '003'] });
    expect(setAvailability(w, 3, 'tipo', ['auto']).steps[3]!.available).toEqual({ and: [{ eq: [{ var: 'tipo' }, 'auto'] }, { has: [{ var: 'opcoes' }, '003'] }] });
    expect(setAvailability(w, 3, 'opcoes', 'any').steps[3]!.available).toEqual({ in: [{ var: 'tipo' }, ['auto', 'pesados']] });
  });

  it('adds a step with the first id not in use, and edits steps without touching the wizard given', () => {
    const w = wizard();
    expect(addStep({ ...w, steps: removeItem(w.steps, 4) }, ids(w)).steps.at(-1)).toEqual({ id: 'reduction', label: 'reduction' });
    expect(setStepTexts(w, 0, 'um\ndois').steps[0]!.texts).toEqual(['um', 'dois']);
    expect(setStepField(setStepField(w, 0, 'route', '/lances'), 0, 'route', null).steps[0]).toEqual(w.steps[0]);
    expect(w).toEqual(wizard());
  });
});
