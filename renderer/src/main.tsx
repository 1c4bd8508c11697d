import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { preloadPartsFor } from './app/lazy-parts.js';
import { drawnPath, pendingFirstScreens } from './lib/first-screen.js';
import './styles.css';
import './desk.css';
import './print.css';
import { registerServiceWorker } from './service-worker/register.js';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

/**
 * A server-drawn page comes with `aria-disabled="true" aria-busy="true"` on #root: its controls are
 * drawn but do not work until React owns them. Once it does (after every effect of the app, the
 * masks attached and the adoption of what was typed early among them), the marks go: assistive
 * technology and automated browsers (Playwright waits for a control to be enabled) know when the
 * page works.
 */
function ReadyMark(): null {
  useEffect(() => {
    root!.removeAttribute('aria-disabled');
    root!.removeAttribute('aria-busy');
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <App />
    <ReadyMark />
  </StrictMode>
);

/**
 * The server drew the first screen into #root (server/src/plugins/external/renderer.ts): the
 * renderer goes to the path it drew (where the redirects the page carries end), loads the lazy
 * parts that screen shows, and hydrates it. Otherwise (no markup, or inside a native wrapper, where
 * the page's documents are not used) it draws from scratch.
 */
function start(): void {
  const docs = root!.firstElementChild ? pendingFirstScreens() : null;
  const here = `${location.pathname}${location.search}`;
  const drawn = docs ? drawnPath(docs, here) : null;
  if (!docs || drawn === null) {
    root!.replaceChildren();
    createRoot(root!).render(app);
    return;
  }
  if (drawn !== here) history.replaceState(null, '', drawn);
  const hydrate = () => void hydrateRoot(root!, app);
  preloadPartsFor(docs[drawn]).then(hydrate, hydrate);
}

start();
registerServiceWorker();
