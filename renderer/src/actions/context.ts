import type { Action } from '../../../screens/contract/actions.js';
import type { ActionResult } from '../../../screens/contract/screen.js';
import type { ComponentNode } from '../../../screens/contract/components.js';
import type { Ui } from '../ui/ui-context.js';

/** What an action handler may touch: routing, the global UI and the screen cache. */
export interface ActionContext {
  navigate(to: string, options?: { replace?: boolean }): void;
  ui: Pick<Ui, 'track' | 'showError' | 'showSnackbar' | 'showModal' | 'dismissModal' | 'showManualCopy'>;
  /** Drops every cached screen: after a login, logout or quota choice nothing cached still holds. */
  forgetScreens(): Promise<void>;
  /** The enclosing form's data, merged over a submit action's payload. */
  formData?: Record<string, unknown> | undefined;
  /** Runs the same action again with the same data (the error modal's "Tentar novamente"). */
  retry(): void;
  /** The current screen's optimistic patches (absent outside a screen). */
  patch?: ScreenPatch | undefined;
}

/** Replaces a component of the current screen by id; the returned function puts it back. */
export interface ScreenPatch {
  replace(id: string, node: ComponentNode): () => void;
}

/** What a handler gets besides the caller's context: a way to run a follow-up action through the registry. */
export interface HandlerContext extends ActionContext {
  /** Runs another action with the same context (a bridge answer's `then` or `otherwise`). */
  run(action: Action): Promise<ActionResult | undefined>;
}

/** An action handler; a submit answers the server's result, the others nothing. */
export type ActionHandler<A extends Action> = (action: A, ctx: HandlerContext) => Promise<ActionResult | undefined> | undefined;
