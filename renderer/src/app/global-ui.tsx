import type { Modal } from '../../../screens/contract/screen.js';
import { ActionButton } from '../components/action-button.js';
import { Node } from '../components/node.js';
import { TEXTS } from '../texts.js';
import { Dialog } from '../ui/dialog.js';
import { ManualCopyDialog } from '../ui/manual-copy.js';
import { useUi } from '../ui/ui-context.js';

/** A server modal closes on Escape only if it offers a way to close it (or no action at all). */
function dismissable(modal: Modal): boolean {
  return modal.actions.length === 0 || modal.actions.some((a) => a.action.type === 'dismiss');
}

/** The loading message, with the upload's percentage and a progress bar while a large body is sent. */
function LoadingLabel({ message, progress }: { message: string; progress: number | null }) {
  if (progress === null) return <>{message}</>;
  const percent = Math.round(progress * 100);
  return (
    <>
      {`${message} ${percent}%`}
      <progress className="upload-progress" max={100} value={percent} aria-label={message} />
    </>
  );
}

/** Loading indicator, error modal ('Ops ;)'), server modal, a text to copy by hand and snackbar, drawn over any screen. */
export function GlobalUi() {
  const { state, dismissError, dismissModal, dismissManualCopy } = useUi();
  const { error, modal, manualCopy } = state;
  return (
    <>
      {state.loading > 0 && (
        <div className="loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <LoadingLabel message={state.loadingMessage ?? TEXTS.loading} progress={state.loadingProgress} />
        </div>
      )}
      {error && (
        <Dialog
          title={error.title}
          onClose={dismissError}
          actions={
            <>
              {error.retry && (
                <button
                  type="button"
                  className="button button-primary"
                  onClick={() => {
                    dismissError();
                    error.retry?.();
                  }}
                >
                  {TEXTS.retry}
                </button>
              )}
              <button type="button" className="button button-secondary" onClick={dismissError}>
                {TEXTS.close}
              </button>
            </>
          }
        >
          <p>{error.message}</p>
        </Dialog>
      )}
      {modal && (
        <Dialog
          title={modal.title}
          onClose={dismissable(modal) ? dismissModal : undefined}
          actions={modal.actions.map((a, i) => (
            <ActionButton key={i} label={a.label} action={a.action} variant={a.variant ?? (i === 0 ? 'primary' : 'secondary')} />
          ))}
        >
          {modal.body.map((node, i) => (
            <Node key={node.id ?? i} node={node} />
          ))}
        </Dialog>
      )}
      {manualCopy && <ManualCopyDialog copy={manualCopy} onClose={dismissManualCopy} />}
      {state.snackbar && (
        <div className="snackbar" role="status" aria-live="polite">
          {state.snackbar}
        </div>
      )}
    </>
  );
}
