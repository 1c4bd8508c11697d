import { describe, expect, it } from 'vitest';
import type { ActionContext } from './context.js';
import { navigate } from './navigate.js';
import { handleResult } from './results.js';
import { takeHandedScreen } from '../lib/handed-screen.js';
import type { ScreenResponse } from '../../../screens/contract/screen.js';

/** A context that records what the renderer was asked to do, in order. */
function recorder(formData?: Record<string, unknown>) {
  const calls: string[] = [];
  const retry = () => calls.push('retry');
  const ctx: ActionContext = {
    navigate: (to, options) => void calls.push(`navigate ${to}${options?.replace ? ' (replace)' : ''}`),
    forgetScreens: async () => void calls.push('forget screens'),
    ui: {
      track: (_message, call) => call(() => undefined),
      showError: (e) => void calls.push(`error ${e.title}: ${e.message}${e.retry === retry ? ' [retry]' : ''}`),
      showSnackbar: (m) => void calls.push(`snackbar ${m}`),
      showModal: (m) => void calls.push(`modal ${m.title}`),
      dismissModal: () => void calls.push('dismiss'),
      showManualCopy: (c) => void calls.push(`copy by hand ${c.label}`),
    },
    formData,
    retry,
  };
  return { ctx, calls };
}

describe('navigate action', () => {
  it('closes the modal it was pressed in before going to the next screen', () => {
    const { ctx, calls } = recorder();
    navigate({ type: 'navigate', to: '/faturamento' }, ctx);
    expect(calls).toEqual(['dismiss', 'navigate /faturamento']);
  });
});

describe('action results', () => {
  it('replaces the component the answer names on the current screen (a chat’s new messages)', async () => {
    const { ctx, calls } = recorder();
    ctx.patch = { replace: (id, node) => (calls.push(`replace ${id} by ${node.type}`), () => undefined) };
    await handleResult({ kind: 'replace', node: { type: 'text', id: 'conversa', text: 'novo' } }, ctx);
    expect(calls).toEqual(['replace conversa by text']);
  });

  it('forgets every cached screen before navigating, so a login or logout is never stale', async () => {
    const { ctx, calls } = recorder();
    await handleResult({ kind: 'navigate', to: '/login', replace: true }, ctx);
    expect(calls).toEqual(['forget screens', 'dismiss', 'navigate /login (replace)']);
  });

  it('hands the screen an answer brings to the navigation it leads to, once, and to no other path', async () => {
    const home: ScreenResponse = { schemaVersion: 1, kind: 'redirect', to: '/atualizacao-obrigatoria' };
    const { ctx, calls } = recorder();
    await handleResult({ kind: 'navigate', to: '/home', screen: home }, ctx);
    expect(calls).toEqual(['forget screens', 'dismiss', 'navigate /home']);
    expect(takeHandedScreen('/home')).toBe(home);
    expect(takeHandedScreen('/home')).toBeUndefined();
    await handleResult({ kind: 'snackbar', message: 'Dados confirmados. Obrigado!', to: '/groups-and-quotas', screen: home }, ctx);
    expect(takeHandedScreen('/perfil')).toBeUndefined();
    expect(takeHandedScreen('/groups-and-quotas')).toBeUndefined();
  });

  it('offers the same action again in the error modal only when the server allows a retry', async () => {
    const a = recorder();
    await handleResult({ kind: 'error', title: 'Ops ;)', message: 'Falhou', retry: true }, a.ctx);
    expect(a.calls).toEqual(['error Ops ;): Falhou [retry]']);
    const b = recorder();
    await handleResult({ kind: 'error', title: 'Ops ;)', message: 'Falhou' }, b.ctx);
    expect(b.calls).toEqual(['error Ops ;): Falhou']);
  });

  it('leaves field errors to the form that asked, and shows their message otherwise', async () => {
    const form = recorder({ documento: '1' });
    await handleResult({ kind: 'field-errors', errors: { senha: 'Inválida' }, message: 'Não foi possível entrar.' }, form.ctx);
    expect(form.calls).toEqual([]);
    const button = recorder();
    await handleResult({ kind: 'field-errors', errors: {}, message: 'Não foi possível entrar.' }, button.ctx);
    expect(button.calls).toEqual(['snackbar Não foi possível entrar.']);
  });

  it('closes the modal that asked, shows a snackbar, then goes where it says', async () => {
    const { ctx, calls } = recorder();
    await handleResult({ kind: 'snackbar', message: 'Copiado', to: '/home' }, ctx);
    expect(calls).toEqual(['dismiss', 'snackbar Copiado', 'forget screens', 'navigate /home']);
  });
});
