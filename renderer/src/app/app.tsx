import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { GlobalUi } from './global-ui.js';
import { UiProvider } from '../ui/ui-context.js';
import { ErrorBoundary } from './error-boundary.js';
import { ScreenPage } from './screen-page.js';

// Screens are asked fresh on every navigation; focus changes must not refetch behind the customer's back.
const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false, dedupingInterval: 0 } as const;

/** The browser's app: the history's location, then the screens. */
export function App() {
  return (
    <BrowserRouter>
      <Screens />
    </BrowserRouter>
  );
}

/** Providers, then one catch-all route: every URL is a screen the server decides (inside a router: the browser's, or the server's static one). */
export function Screens() {
  return (
    <SWRConfig value={SWR_OPTIONS}>
      <UiProvider>
        <Routes>
          <Route path="*" element={<GuardedScreen />} />
        </Routes>
        <GlobalUi />
      </UiProvider>
    </SWRConfig>
  );
}

/** A drawing failure is forgotten on the next navigation. */
function GuardedScreen() {
  const location = useLocation();
  return (
    <ErrorBoundary key={location.key}>
      <ScreenPage />
    </ErrorBoundary>
  );
}
