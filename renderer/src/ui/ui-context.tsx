import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { Modal } from '../../../screens/contract/screen.js';
import { initialUiState, LOADING_RELEASE_MS, SNACKBAR_MS, uiReducer, type ErrorModal, type ManualCopy, type UiState } from './ui-state.js';

export interface Ui {
  state: UiState;
  /** Wraps a call in the loading indicator; released LOADING_RELEASE_MS after it ends. The call may report its upload progress (0…1). */
  track<T>(message: string, call: (reportProgress: (fraction: number) => void) => Promise<T>): Promise<T>;
  showError(error: ErrorModal): void;
  dismissError(): void;
  showSnackbar(message: string): void;
  showModal(modal: Modal): void;
  dismissModal(): void;
  /** Shows a text the clipboard refused, selected, for the customer to copy by hand. */
  showManualCopy(copy: ManualCopy): void;
  dismissManualCopy(): void;
}

const UiContext = createContext<Ui | null>(null);

export function UiProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(uiReducer, initialUiState);
  const snackbarTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(snackbarTimer.current), []);

  const track = useCallback(async <T,>(message: string, call: (reportProgress: (fraction: number) => void) => Promise<T>): Promise<T> => {
    dispatch({ type: 'loading-start', message });
    try {
      return await call((fraction) => dispatch({ type: 'loading-progress', fraction }));
    } finally {
      setTimeout(() => dispatch({ type: 'loading-end' }), LOADING_RELEASE_MS);
    }
  }, []);

  const ui = useMemo<Ui>(
    () => ({
      state,
      track,
      showError: (error) => dispatch({ type: 'error', error }),
      dismissError: () => dispatch({ type: 'error-dismiss' }),
      showSnackbar: (message) => {
        clearTimeout(snackbarTimer.current);
        dispatch({ type: 'snackbar', message });
        snackbarTimer.current = setTimeout(() => dispatch({ type: 'snackbar-dismiss' }), SNACKBAR_MS);
      },
      showModal: (modal) => dispatch({ type: 'modal', modal }),
      dismissModal: () => dispatch({ type: 'modal-dismiss' }),
      showManualCopy: (copy) => {
        clearTimeout(snackbarTimer.current);
        dispatch({ type: 'manual-copy', copy });
      },
      dismissManualCopy: () => dispatch({ type: 'manual-copy-dismiss' }),
    }),
    [state, track],
  );
  return <UiContext.Provider value={ui}>{children}</UiContext.Provider>;
}

export function useUi(): Ui {
  const ui = useContext(UiContext);
  if (!ui) throw new Error('useUi outside UiProvider');
  return ui;
}
