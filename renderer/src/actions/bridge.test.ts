import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action } from '../../../screens/contract/actions.js';
import type { HandlerContext } from './context.js';

const wrapper = vi.hoisted(() => ({ answer: null as Record<string, unknown> | null, yes: false }));
vi.mock('../lib/bridge.js', () => ({ askBridge: async () => wrapper.answer, answeredYes: () => wrapper.yes }));
const ran = vi.hoisted(() => [] as unknown[]);
const { bridge } = await import('./bridge.js');

const ctx = { run: async (action: Action) => void ran.push(action) } as HandlerContext;
const unlock: Extract<Action, { type: 'bridge' }> = {
  type: 'bridge',
  method: 'biometrics',
  args: { unlock: true },
  then: { type: 'submit', action: 'auth/biometrics-unlock', payload: { voltar: '/home' } },
  otherwise: { type: 'navigate', to: '/entrar?biometria=falhou', replace: true },
};

beforeEach(() => void ran.splice(0));

describe('bridge action', () => {
  it("runs `then` on a yes, carrying the wrapper's answer as `resposta` in a submit body", async () => {
    wrapper.answer = { ok: true, credential: 'c'.repeat(43) };
    wrapper.yes = true;
    await bridge(unlock, ctx);
    expect(ran).toEqual([{ type: 'submit', action: 'auth/biometrics-unlock', payload: { voltar: '/home', resposta: { ok: true, credential: 'c'.repeat(43) } } }]);
  });

  it('runs `otherwise` on a no, a wrong answer or silence (null), without the answer', async () => {
    for (const answer of [{ ok: false, reason: 'cancelled' }, null]) {
      wrapper.answer = answer;
      wrapper.yes = false;
      await bridge(unlock, ctx);
    }
    expect(ran).toEqual([unlock.otherwise, unlock.otherwise]);
  });

  it('leaves a `then` that is not a submit as it is', async () => {
    wrapper.answer = { shared: true };
    wrapper.yes = true;
    await bridge({ type: 'bridge', method: 'share-file', args: { href: '/api/x', filename: 'x.pdf' }, then: { type: 'navigate', to: '/home' } }, ctx);
    expect(ran).toEqual([{ type: 'navigate', to: '/home' }]);
  });
});
