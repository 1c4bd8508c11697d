import { useContext, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import type { ComponentNode } from '../../../screens/contract/components.js';
import type { ScreenResponse } from '../../../screens/contract/screen.js';
import type { ScreenPatch } from '../actions/context.js';
import { ScreenSkeleton } from '../components/skeleton/skeleton.js';
import { fetchScreen, RequestFailure } from '../lib/api.js';
import { FirstScreenContext, takeFirstScreen } from '../lib/first-screen.js';
import { takeHandedScreen } from '../lib/handed-screen.js';
import { localTarget } from '../lib/local-target.js';
import { TEXTS } from '../texts.js';
import { useUi } from '../ui/ui-context.js';
import { applyOverrides, ScreenPatchContext } from '../actions/screen-patch.js';
import { ScreenView } from './screen-view.js';
import { usePendingParts } from './pending-parts.js';

/** Every URL: ask the server for its screen, follow redirects, draw the document. */
export function ScreenPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const ui = useUi();
  const path = `${location.pathname}${location.search}`;
  // One cache entry per history entry: a new navigation (even to the same URL, after an action)
  // asks the server again; going back shows that entry's screen at once while it revalidates.
  const key = [path, location.key] as const;
  // The first navigation's document came inside the page: drawn by the first render (the same
  // markup the server drew, so hydration keeps it), then taken without asking the server again.
  // A navigation an action's answer led to may bring its document too (lib/handed-screen.ts).
  const firstScreen = useContext(FirstScreenContext);
  const { data, error, isValidating, mutate } = useSWR<ScreenResponse, Error, readonly [string, string]>(
    key,
    ([wanted]) => {
      // Brought by the page, or by the answer of the action that led here; else asked for.
      const brought = takeFirstScreen(wanted) ?? takeHandedScreen(wanted);
      return brought ? Promise.resolve(brought) : fetchScreen(wanted);
    },
    { fallbackData: location.key === 'default' ? firstScreen(path) : undefined },
  );

  // A part still on its way: the screen is asked for once more, and the answer brings it.
  usePendingParts(data, path, (next) => void mutate(next, { revalidate: false }));

  useEffect(() => {
    // Follow a redirect only once it is fresh: a cached one may predate a login.
    if (data?.kind === 'redirect' && !isValidating) navigate(localTarget(data.to), { replace: true });
  }, [data, isValidating, navigate]);

  useEffect(() => {
    if (!error) return;
    const failure = error instanceof RequestFailure ? error : new RequestFailure(TEXTS.errorTitle, TEXTS.networkError, true);
    ui.showError({ title: failure.title, message: failure.message, ...(failure.retry ? { retry: () => void mutate() } : {}) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  useEffect(() => {
    // The page's first screen (history entry 'default') may be server-drawn and typed into before it
    // hydrates: the customer's caret stays in the field they are in. Later navigations move the
    // focus to the content.
    if (location.key === 'default' && document.activeElement?.matches('input, textarea, select')) return;
    document.getElementById('conteudo')?.focus({ preventScroll: true });
  }, [path]);

  // Optimistic patches live as long as this history entry (the page remounts on navigation).
  const [overrides, setOverrides] = useState<Record<string, ComponentNode>>({});
  const patch = useMemo<ScreenPatch>(
    () => ({
      replace(id, node) {
        setOverrides((current) => ({ ...current, [id]: node }));
        return () =>
          setOverrides((current) => {
            const { [id]: _undone, ...rest } = current;
            return rest;
          });
      },
    }),
    [],
  );
  const doc = useMemo(() => (data?.kind === 'screen' ? { ...data, layout: applyOverrides(data.layout, overrides) } : null), [data, overrides]);

  // While the document is on the way (or a redirect is followed): the shape of a screen, not a blank page.
  if (!doc) return error ? null : <ScreenSkeleton label={TEXTS.loading} />;
  return (
    <ScreenPatchContext.Provider value={patch}>
      <ScreenView doc={doc} />
    </ScreenPatchContext.Provider>
  );
}
