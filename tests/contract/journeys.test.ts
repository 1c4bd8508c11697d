import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions, SYSTEM_SCREENS } from '../../server/src/domain/definitions.js';
import { client } from '../helpers/api-client.js';
import { generateJourneys } from '../helpers/journeys.js';
import { startStack, type Stack } from '../helpers/stack.js';

const definitions = loadDefinitions();
const journeys = generateJourneys(definitions.routes, definitions.flows);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

describe('generated journeys', () => {
  it('reach every screen that has a layout (no screen exists that no test reaches)', () => {
    const reached = new Set([...journeys.map((j) => j.screen), ...SYSTEM_SCREENS]);
    expect([...definitions.layouts.keys()].filter((screen) => !reached.has(screen))).toEqual([]);
  });

  it('take the shortest path: public screens directly, home through login and quota choice', () => {
    expect(journeys.find((j) => j.path === '/entrar')?.steps).toEqual([{ kind: 'visit', path: '/entrar' }]);
    expect(journeys.find((j) => j.path === '/home')?.steps).toEqual([{ kind: 'login' }, { kind: 'select-quota' }, { kind: 'visit', path: '/home' }]);
  });

  for (const journey of journeys) {
    it(`renders ${journey.path} for ana (${journey.steps.map((s) => s.kind).join(' → ')})`, async () => {
      const c = client(stack.baseUrl);
      let last: { body: { kind: string; screen?: string } } | undefined;
      for (const step of journey.steps) {
        if (step.kind === 'login') await c.login('ana');
        else if (step.kind === 'select-quota') await c.selectFirstQuota('ana');
        else last = await c.screen(step.path);
      }
      // A later step of a flow (e.g. /alterarsenha/nova) sends a fresh visitor back to the
      // flow's first step: follow that one redirect within the same flow.
      const body = last?.body as { kind: string; screen?: string; to?: string } | undefined;
      if (body?.kind === 'redirect' && body.to !== undefined && body.to.split('/')[1] === journey.path.split('/')[1]) {
        const first = await c.screen(body.to);
        expect(first.body.kind).toBe('screen');
        return;
      }
      expect(body).toMatchObject({ kind: 'screen', screen: journey.screen });
    });
  }
});
