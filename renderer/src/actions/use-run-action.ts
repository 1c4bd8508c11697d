import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { Action } from '../../../screens/contract/actions.js';
import type { ActionResult } from '../../../screens/contract/screen.js';
import { useScreenPatch } from './screen-patch.js';
import { forgetKeptScreens } from '../lib/api.js';
import { go } from '../lib/local-target.js';
import { useUi } from '../ui/ui-context.js';
import { runAction } from './registry.js';
import { handleResult } from './results.js';

export interface RunOptions {
  /** The enclosing form's data, merged over a submit action's payload. */
  formData?: Record<string, unknown>;
  /** What the error modal's retry runs; by default the same action with the same data. */
  retry?: () => void;
}

/** Drops the screens SWR holds and the documents the page kept with their tags. */
function forgetEveryScreen(mutate: ReturnType<typeof useSWRConfig>['mutate']): () => Promise<void> {
  return async () => {
    forgetKeptScreens();
    await mutate(() => true, undefined, { revalidate: false });
  };
}

/** Binds the action registry to this screen's router, UI and screen cache. */
export function useRunAction(): (action: Action, options?: RunOptions) => Promise<ActionResult | undefined> {
  const routerNavigate = useNavigate();
  const { mutate } = useSWRConfig();
  const ui = useUi();
  const patch = useScreenPatch();

  const run = useCallback(
    (action: Action, options: RunOptions = {}): Promise<ActionResult | undefined> =>
      runAction(action, {
        navigate: (to, navOptions) => go(to, (target, o) => void routerNavigate(target, o), navOptions),
        ui,
        forgetScreens: forgetEveryScreen(mutate),
        formData: options.formData,
        retry: options.retry ?? (() => void run(action, options)),
        patch: patch ?? undefined,
      }),
    [routerNavigate, mutate, ui, patch],
  );
  return run;
}

/** Acts on an answer a component obtained itself (a chat's send), as a submit would. */
export function useResultHandler(): (result: ActionResult) => Promise<void> {
  const routerNavigate = useNavigate();
  const { mutate } = useSWRConfig();
  const ui = useUi();
  const patch = useScreenPatch();
  return useCallback(
    (result: ActionResult) =>
      handleResult(result, {
        navigate: (to, navOptions) => go(to, (target, o) => void routerNavigate(target, o), navOptions),
        ui,
        forgetScreens: forgetEveryScreen(mutate),
        retry: () => undefined,
        patch: patch ?? undefined,
      }),
    [routerNavigate, mutate, ui, patch],
  );
}
