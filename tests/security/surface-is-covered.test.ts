/**
 * The attacker's suite is generated from the surface: this test fails when an operation of the
 * OpenAPI document or a parameterised screen route is in no class (add it to PLACEMENT or
 * SCREEN_PARAM_PLACEMENT in tests/security/surface.ts, or exempt it with a reason), when what
 * the document declares disagrees with the placement, or when a class has no driver for it.
 */
import { describe, expect, it } from 'vitest';
import { collectedStack } from './attacker.js';
import { LIMIT_DRIVERS } from './drivers/limits.js';
import { RACE_DRIVERS } from './drivers/races.js';
import { REDIRECT_CONTEXTS } from './drivers/redirects.js';
import { coverageProblems, freeTextFields, readSurface, redirectFields } from './surface.js';

const stack = await collectedStack();
/** The console's doors anyone may open: the staff's sign-in at the identity provider and leaving it. */
const PUBLIC_CONSOLE = new Set(['GET /api/ops/entrar/provedor', 'GET /api/ops/entrar/retorno', 'GET /api/ops/sair']);
const surface = await readSurface(stack.baseUrl);

describe('the attack surface', () => {
  it('places every operation and parameterised screen in a class, with a driver where its class needs one', () => {
    const problems = coverageProblems(surface, { limited: Object.keys(LIMIT_DRIVERS), races: RACE_DRIVERS });
    for (const op of surface.operations) {
      if (redirectFields(op).length && !REDIRECT_CONTEXTS[op.key]) problems.push(`${op.key}: a return-to field (${redirectFields(op).join(', ')}) but no context in drivers/redirects.ts`);
      // The console's operations name the roles they admit (console-roles.test.ts attacks each with the others).
      if (op.tags.includes('console') && !PUBLIC_CONSOLE.has(op.key) && !surface.openapi.paths[op.path]?.[op.method.toLowerCase()]?.['x-console-roles' as never]) problems.push(`${op.key}: a console operation whose OpenAPI names no roles (x-console-roles)`);
    }
    for (const key of Object.keys(LIMIT_DRIVERS)) if (!surface.operations.some((op) => op.key === key && op.tags.includes('limited'))) problems.push(`${key}: a limit driver for an operation not placed as limited`);
    expect(problems).toEqual([]);
  });

  it('finds something to attack in every class', () => {
    const count = (tag: string) => surface.operations.filter((op) => op.tags.some((t) => t === tag || t.startsWith(`${tag}:`))).length;
    expect({
      owned: count('owned') > 20,
      limited: count('limited') >= 5,
      race: count('race') >= 10,
      upload: count('upload') >= 5,
      console: count('console') >= 10,
      freeText: surface.operations.filter((op) => freeTextFields(op).length).length > 10,
      redirects: surface.operations.filter((op) => redirectFields(op).length).length >= 3 && surface.screens.some((s) => s.redirectBearing),
    }).toEqual({ owned: true, limited: true, race: true, upload: true, console: true, freeText: true, redirects: true });
  });
});
