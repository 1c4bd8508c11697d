import { describe, expect, it } from 'vitest';
import { initialUiState, uiReducer, type UiEvent } from './ui-state.js';

const run = (events: UiEvent[]) => events.reduce(uiReducer, initialUiState);

describe('global UI state', () => {
  it('counts overlapping calls and keeps the latest message while any is running', () => {
    const state = run([
      { type: 'loading-start', message: 'Buscando...' },
      { type: 'loading-start', message: 'Enviando...' },
      { type: 'loading-end' },
    ]);
    expect(state.loading).toBe(1);
    expect(state.loadingMessage).toBe('Enviando...');
  });

  it('never lets the loading counter go below zero', () => {
    const state = run([{ type: 'loading-end' }, { type: 'loading-end' }, { type: 'loading-start', message: 'Buscando...' }]);
    expect(state.loading).toBe(1);
    expect(run([{ type: 'loading-start', message: 'x' }, { type: 'loading-end' }, { type: 'loading-end' }]).loading).toBe(0);
  });

  it('clears the message when the last call ends', () => {
    expect(run([{ type: 'loading-start', message: 'Buscando...' }, { type: 'loading-end' }]).loadingMessage).toBeNull();
  });

  it('keeps the upload progress of the running call, within 0…1, and drops it when the last call ends', () => {
    const uploading = run([{ type: 'loading-start', message: 'Enviando...' }, { type: 'loading-progress', fraction: 0.45 }]);
    expect(uploading.loadingProgress).toBe(0.45);
    expect(run([{ type: 'loading-start', message: 'Enviando...' }, { type: 'loading-progress', fraction: 1.3 }]).loadingProgress).toBe(1);
    expect(run([{ type: 'loading-start', message: 'Enviando...' }, { type: 'loading-progress', fraction: 0.5 }, { type: 'loading-end' }]).loadingProgress).toBeNull();
    // A new call starts without the previous one's progress.
    expect(run([{ type: 'loading-start', message: 'Enviando...' }, { type: 'loading-progress', fraction: 1 }, { type: 'loading-start', message: 'Buscando...' }]).loadingProgress).toBeNull();
    // A late report after everything ended shows nothing.
    expect(run([{ type: 'loading-progress', fraction: 0.5 }]).loadingProgress).toBeNull();
  });

  it('shows a text to copy by hand without a "copiado" left beside it, until it is closed', () => {
    const copy = { text: '00020126…6304ABCD', label: 'Código Pix copia e cola' };
    const shown = run([{ type: 'snackbar', message: 'Linha digitável copiada.' }, { type: 'manual-copy', copy }]);
    expect(shown.manualCopy).toEqual(copy);
    expect(shown.snackbar).toBeNull();
    expect(uiReducer(shown, { type: 'manual-copy-dismiss' }).manualCopy).toBeNull();
  });
});
