import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { Action } from '../../../screens/contract/actions.js';
import type { ActionResult } from '../../../screens/contract/screen.js';
import { postAction, RequestFailure } from '../api.js';
import { TEXTS } from '../texts.js';
import { useUi } from '../ui/UiContext.js';
import { callBridge } from './bridge.js';

export interface RunOptions {
  /** The enclosing form's data, merged over a submit action's payload. */
  formData?: Record<string, unknown>;
  /** What the error modal's retry runs; by default the same action with the same data. */
  retry?: () => void;
}

/**
 * Runs an action of a screen document. Answers of a submit are handled here (navigate, error
 * modal, snackbar, modal); field errors are returned to the form that asked.
 */
export function useRunAction(): (action: Action, options?: RunOptions) => Promise<ActionResult | undefined> {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const ui = useUi();

  const run = useCallback(
    async (action: Action, options: RunOptions = {}): Promise<ActionResult | undefined> => {
      switch (action.type) {
        case 'navigate':
          navigate(action.to, { replace: action.replace === true });
          return undefined;
        case 'dismiss':
          ui.dismissModal();
          return undefined;
        case 'download': {
          const link = document.createElement('a');
          link.href = action.href;
          link.download = action.filename;
          link.click();
          return undefined;
        }
        case 'open-url':
          window.open(action.url, '_blank', 'noopener,noreferrer');
          return undefined;
        case 'copy':
          await navigator.clipboard?.writeText(action.text).catch(() => undefined);
          ui.showSnackbar(action.message);
          return undefined;
        case 'bridge':
          callBridge(action.method, action.args ?? {});
          return undefined;
        case 'submit':
          break;
      }
      const retry = options.retry ?? (() => void run(action, options));
      let result: ActionResult;
      try {
        result = await ui.track(action.loadingMessage ?? TEXTS.loading, () => postAction(action.action, { ...action.payload, ...options.formData }));
      } catch (err) {
        const failure = err instanceof RequestFailure ? err : new RequestFailure(TEXTS.errorTitle, TEXTS.networkError, true);
        ui.showError({ title: failure.title, message: failure.message, ...(failure.retry ? { retry } : {}) });
        return undefined;
      }
      switch (result.kind) {
        case 'navigate':
          // The session may have changed (login, logout, quota chosen): nothing cached still holds.
          await mutate(() => true, undefined, { revalidate: false });
          navigate(result.to, { replace: result.replace === true });
          break;
        case 'error':
          ui.showError({ title: result.title, message: result.message, ...(result.retry ? { retry } : {}) });
          break;
        case 'snackbar':
          ui.showSnackbar(result.message);
          if (result.to) navigate(result.to);
          break;
        case 'modal':
          ui.showModal(result.modal);
          break;
        case 'field-errors':
          if (!options.formData && result.message) ui.showSnackbar(result.message);
          break;
      }
      return result;
    },
    [navigate, mutate, ui],
  );
  return run;
}
