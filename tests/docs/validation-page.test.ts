import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { withRegisteredActions, type RegisteredActions } from '../../scripts/registered-actions.js';
import { declaredRules, objectRefinements, renderValidationSection, splitPage, VALIDATION_PAGE } from '../../scripts/validation-page.js';

let actions: RegisteredActions;
// The registered actions of a service built and closed again: their definitions are plain data.
beforeAll(async () => {
  actions = await withRegisteredActions((registered) => registered);
});

interface Shaped {
  _zod: { def: { shape?: Record<string, unknown>; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[] } };
}

/** The input's field names, whatever wraps the object (a refinement, a pipe, a union of steps). */
function fieldsOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as Shaped)._zod.def;
  if (def.shape) return Object.keys(def.shape);
  return [def.innerType, def.in, ...(def.options ?? [])].filter((s): s is z.ZodType => s !== undefined).flatMap(fieldsOf);
}

describe('docs/validation.md: the rules that combine fields', () => {
  it('is the table the actions’ declarations give (run npm run validation:page)', () => {
    const { section } = splitPage(readFileSync(VALIDATION_PAGE, 'utf8'));
    expect(section, 'the markers of the validation table are in docs/validation.md').not.toBeNull();
    expect(section).toBe(renderValidationSection(declaredRules(actions)));
  });

  it('names every object refinement of every action’s input, and no schema rule without one', () => {
    const undeclared: string[] = [];
    const unfounded: string[] = [];
    for (const [name, action] of actions) {
      const refinements = objectRefinements(action.input);
      const declared = (action.consistency ?? []).filter((r) => r.by === 'schema').map((r) => r.message ?? '');
      undeclared.push(...refinements.filter((m) => !declared.includes(m)).map((m) => `${name}: ${m}`));
      unfounded.push(...declared.filter((m) => !refinements.includes(m)).map((m) => `${name}: ${m}`));
    }
    expect(undeclared, 'refinements with no consistency declaration').toEqual([]);
    expect(unfounded, 'schema rules the input schema does not have').toEqual([]);
  });

  it('finds the refinements it matches (the password and e-mail confirmations)', () => {
    expect(objectRefinements(actions.get('auth/password-new')!.input)).toEqual(['@senha.erro.confirmacao']);
    expect(objectRefinements(actions.get('auth/forgot-send')!.input)).toEqual(['@esqueci.erro.email-diferente']);
  });

  it('declares only fields the action’s input has', () => {
    const strangers = declaredRules(actions).flatMap(({ action, rules }) => {
      const fields = new Set(fieldsOf(actions.get(action)!.input));
      return rules.flatMap((r) => r.fields.filter((f) => !fields.has(f)).map((f) => `${action}: ${f}`));
    });
    expect(strangers).toEqual([]);
  });

  it('lists the cross-field rules a reviewer asks for', () => {
    const table = renderValidationSection(declaredRules(actions));
    for (const [action, field] of [
      ['auth/password-new', 'confirmacao'],
      ['profile/income-save', 'regimeCasamento'],
      ['refund/bank-data', 'titularDocumento'],
      ['cash-billing/bank-data', 'titularDocumento'],
      ['used-vehicle/inspection-technical', 'hora'],
      ['profile/cep-lookup', 'cep'],
    ] as const) {
      expect(table, `${action} ${field}`).toMatch(new RegExp(`\\| \`${action}\` \\| [^|]*\`${field}\``));
    }
  });
});
