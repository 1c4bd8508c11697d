import type { Modal } from '../../../screens/contract/screen.js';

/** Loading indicator released this long after the last call ends (spec doc 1 §9). */
export const LOADING_RELEASE_MS = 500;
/** Snackbar shown for this long (spec doc 1 §9). */
export const SNACKBAR_MS = 2_000;

export interface ErrorModal {
  title: string;
  message: string;
  /** Runs the failed call again (form data kept by the form itself). */
  retry?: () => void;
}

/** A text the clipboard refused: shown selected in a read-only field named `label`, for the customer to copy. */
export interface ManualCopy {
  text: string;
  label: string;
}

/** The global UI state of the spec: loading counter and message, error modal, snackbar, server modal, a text to copy by hand. */
export interface UiState {
  loading: number;
  loadingMessage: string | null;
  /** Upload progress of the running call, 0…1, or null when it sends nothing large. */
  loadingProgress: number | null;
  error: ErrorModal | null;
  snackbar: string | null;
  modal: Modal | null;
  manualCopy: ManualCopy | null;
}

export type UiEvent =
  | { type: 'loading-start'; message: string }
  | { type: 'loading-progress'; fraction: number }
  | { type: 'loading-end' }
  | { type: 'error'; error: ErrorModal }
  | { type: 'error-dismiss' }
  | { type: 'snackbar'; message: string }
  | { type: 'snackbar-dismiss' }
  | { type: 'modal'; modal: Modal }
  | { type: 'modal-dismiss' }
  | { type: 'manual-copy'; copy: ManualCopy }
  | { type: 'manual-copy-dismiss' };

export const initialUiState: UiState = { loading: 0, loadingMessage: null, loadingProgress: null, error: null, snackbar: null, modal: null, manualCopy: null };

export function uiReducer(state: UiState, event: UiEvent): UiState {
  switch (event.type) {
    case 'loading-start':
      return { ...state, loading: state.loading + 1, loadingMessage: event.message, loadingProgress: null };
    case 'loading-progress':
      return state.loading === 0 ? state : { ...state, loadingProgress: Math.min(1, Math.max(0, event.fraction)) };
    case 'loading-end': {
      // Never below zero, whatever order calls end in.
      const loading = Math.max(0, state.loading - 1);
      return loading === 0 ? { ...state, loading, loadingMessage: null, loadingProgress: null } : { ...state, loading };
    }
    case 'error':
      return { ...state, error: event.error };
    case 'error-dismiss':
      return { ...state, error: null };
    case 'snackbar':
      return { ...state, snackbar: event.message };
    case 'snackbar-dismiss':
      return { ...state, snackbar: null };
    case 'modal':
      return { ...state, modal: event.modal };
    case 'modal-dismiss':
      return { ...state, modal: null };
    // A failed copy is not a success: no "copiado" snackbar stays beside the text to copy by hand.
    case 'manual-copy':
      return { ...state, manualCopy: event.copy, snackbar: null };
    case 'manual-copy-dismiss':
      return { ...state, manualCopy: null };
  }
}
