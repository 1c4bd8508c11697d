import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionResult } from '../../../screens/contract/screen.js';
import type { ActionContext } from './context.js';

const answer = vi.hoisted(() => ({ next: null as ActionResult | Error | null }));
vi.mock('../lib/api.js', () => ({
  RequestFailure: class extends Error {},
  postAction: async () => {
    if (answer.next instanceof Error) throw answer.next;
    return answer.next;
  },
}));
const { submit } = await import('./submit.js');

/** Records the optimistic patch and what the renderer was asked to show. */
function recorder() {
  const calls: string[] = [];
  const ctx: ActionContext = {
    navigate: (to) => void calls.push(`navigate ${to}`),
    forgetScreens: async () => undefined,
    ui: {
      track: (_m, call) => call(() => undefined),
      showError: (e) => void calls.push(`error ${e.message}`),
      showSnackbar: (m) => void calls.push(`snackbar ${m}`),
      showModal: () => undefined,
      dismissModal: () => undefined,
      showManualCopy: () => undefined,
    },
    retry: () => undefined,
    patch: {
      replace(id, node) {
        calls.push(`patch ${id}: ${'text' in node ? node.text : ''}`);
        return () => void calls.push(`undo ${id}`);
      },
    },
  };
  return { ctx, calls };
}

const action = { type: 'submit', action: 'help/feedback', payload: { question_id: 1, is_helpful: true }, optimistic: { id: 'feedback', text: 'Obrigado!' } } as const;

describe('optimistic submit', () => {
  beforeEach(() => {
    answer.next = null;
  });

  it('shows the outcome at once and keeps it when the server agrees', async () => {
    answer.next = { kind: 'snackbar', message: 'Obrigado pela sua avaliação!' };
    const { ctx, calls } = recorder();
    await submit(action, ctx);
    expect(calls).toEqual(['patch feedback: Obrigado!', 'snackbar Obrigado pela sua avaliação!']);
  });

  it('puts the screen back and shows the message when the server refuses', async () => {
    answer.next = { kind: 'error', title: 'Ops ;)', message: 'Não foi possível enviar sua avaliação agora.' };
    const { ctx, calls } = recorder();
    await submit(action, ctx);
    expect(calls).toEqual(['patch feedback: Obrigado!', 'undo feedback', 'error Não foi possível enviar sua avaliação agora.']);
  });

  it('puts the screen back when there is no answer at all', async () => {
    answer.next = new Error('offline');
    const { ctx, calls } = recorder();
    await submit(action, ctx);
    expect(calls[0]).toBe('patch feedback: Obrigado!');
    expect(calls[1]).toBe('undo feedback');
    expect(calls[2]).toMatch(/^error /);
  });
});
