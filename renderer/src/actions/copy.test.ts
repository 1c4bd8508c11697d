import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Action } from '../../../screens/contract/actions.js';
import type { ActionContext } from './context.js';
import { copy } from './copy.js';

const PIX = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const action: Extract<Action, { type: 'copy' }> = { type: 'copy', text: PIX, message: 'Código Pix copiado.', label: 'Código Pix copia e cola' };

/** A context that records what the customer is shown. */
function recorder() {
  const shown: string[] = [];
  const ctx = {
    ui: {
      showSnackbar: (m: string) => void shown.push(`snackbar ${m}`),
      showManualCopy: (c: { text: string; label: string }) => void shown.push(`copy by hand (${c.label}) ${c.text === PIX ? 'the code' : c.text}`),
    },
  } as unknown as ActionContext;
  return { ctx, shown };
}

/** The web clipboard as the page sees it: `writeText` answering as given, or no clipboard at all. */
function clipboard(writeText?: (text: string) => Promise<void>) {
  const written: string[] = [];
  vi.stubGlobal('window', {});
  vi.stubGlobal('navigator', writeText ? { clipboard: { writeText: (t: string) => (written.push(t), writeText(t)) } } : {});
  return written;
}

/** A fake Android wrapper answering the bridge's `copy` with `result` (nothing when undefined). */
function androidWrapper(result: unknown) {
  const posted: Array<{ method: string; args: unknown }> = [];
  const w: Record<string, unknown> = {
    ReactNativeWebView: {
      postMessage(raw: string) {
        const m = JSON.parse(raw) as { id: string; method: string; args: unknown };
        posted.push(m);
        if (result !== undefined) queueMicrotask(() => (w.consorcioBridge as { answer(a: unknown): void }).answer({ id: m.id, result }));
      },
    },
  };
  vi.stubGlobal('window', w);
  return posted;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('copy action: says "copiado" only when the text reached the clipboard', () => {
  it('says so when the web clipboard took the text', async () => {
    const written = clipboard(async () => undefined);
    const { ctx, shown } = recorder();
    await copy(action, ctx);
    expect(written).toEqual([PIX]);
    expect(shown).toEqual(['snackbar Código Pix copiado.']);
  });

  it('shows the code to copy by hand when the write is rejected (permission refused, page not focused)', async () => {
    clipboard(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    const { ctx, shown } = recorder();
    await copy(action, ctx);
    expect(shown).toEqual(['copy by hand (Código Pix copia e cola) the code']);
  });

  it('shows the code to copy by hand when the browser has no clipboard, named "Código" when the action does not say what it is', async () => {
    clipboard();
    const { ctx, shown } = recorder();
    await copy({ type: 'copy', text: '123', message: 'Copiado.' }, ctx);
    expect(shown).toEqual(['copy by hand (Código) 123']);
  });

  it('inside a wrapper, copies through the bridge and does not touch the web clipboard', async () => {
    const posted = androidWrapper({ copied: true });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { ctx, shown } = recorder();
    await copy(action, ctx);
    expect(posted).toEqual([expect.objectContaining({ method: 'copy', args: { text: PIX } })]);
    expect(writeText).not.toHaveBeenCalled();
    expect(shown).toEqual(['snackbar Código Pix copiado.']);
  });

  it('inside a wrapper that says no, tries the web clipboard, and shows the code to copy by hand when that fails too', async () => {
    androidWrapper({ copied: false });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const first = recorder();
    await copy(action, first.ctx);
    expect(writeText).toHaveBeenCalledWith(PIX);
    expect(first.shown).toEqual(['snackbar Código Pix copiado.']);

    vi.stubGlobal('navigator', {});
    const second = recorder();
    await copy(action, second.ctx);
    expect(second.shown).toEqual(['copy by hand (Código Pix copia e cola) the code']);
  });

  it('inside a wrapper that does not answer (one that predates `copy`), falls back after 2 s', async () => {
    vi.useFakeTimers();
    androidWrapper(undefined);
    vi.stubGlobal('navigator', {});
    const { ctx, shown } = recorder();
    const done = copy(action, ctx);
    await vi.advanceTimersByTimeAsync(1999);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(shown).toEqual(['copy by hand (Código Pix copia e cola) the code']);
  });
});
