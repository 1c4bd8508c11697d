/**
 * The service worker (served as /sw.js, scope /): when a navigation fails because the network is
 * down, it answers with the partner's offline page ("Sem conexão", server/src/capabilities/install/).
 * It keeps that page and its icon, and nothing else: no screen document, no slip, no file — every
 * other request goes to the network as if there were no worker (it is not even answered by it).
 * Each partner's host is an origin of its own, so each keeps its own partner's page.
 */
import { KEPT, KEPT_CACHE as CACHE, OFFLINE_PAGE } from './kept.js';

/** What this file uses of the worker's scope (the DOM library describes a window, not a worker). */
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(answer: Promise<Response>): void;
}
interface WorkerScope {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

/** The offline page and its icon, fetched afresh (not from the HTTP cache). */
async function keep(): Promise<void> {
  const cache = await caches.open(CACHE);
  await cache.addAll(KEPT.map((path) => new Request(path, { cache: 'reload' })));
}

worker.addEventListener('install', (event) => {
  event.waitUntil(keep().then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  // Caches of an earlier worker go; this worker's is the only one kept.
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

/** The partner's page and colours may change (a theme published from the console): refreshed once per worker start, after a navigation that worked. */
let refreshed = false;

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).then(
        (answer) => {
          if (!refreshed) {
            refreshed = true;
            event.waitUntil(keep().catch(() => undefined));
          }
          return answer;
        },
        async () => (await caches.match(OFFLINE_PAGE, { cacheName: CACHE })) ?? Response.error(),
      ),
    );
    return;
  }
  // The offline page's own icon: from the network when it answers, else the kept copy.
  const path = new URL(request.url).pathname;
  if (new URL(request.url).origin === location.origin && KEPT.includes(path) && path !== OFFLINE_PAGE) {
    event.respondWith(fetch(request).catch(async () => (await caches.match(path, { cacheName: CACHE })) ?? Response.error()));
  }
});
