import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** How long a close waits for the work still running (close-with-grace ends the process at 10 s). */
export const DRAIN_TIMEOUT_MS = 8_000;

const done = Symbol('drain.done');

declare module 'fastify' {
  interface FastifyRequest {
    [done]?: () => void;
  }
}

/**
 * On close, after the server stops accepting and before the upstream client and the storage
 * go: waits for every request whose handler still runs — also one whose client gave up, which
 * the HTTP server no longer waits for — and for every token refresh (its new tokens saved),
 * since the back office has already rotated the refresh token it was sent. Bounded by
 * DRAIN_TIMEOUT_MS. Registered after `storage` and `upstream`: Fastify runs close hooks last
 * registered first.
 */
export default fp(
  async (app) => {
    const running = new Set<Promise<void>>();
    app.addHook('onRequest', async (request) => {
      const handled = new Promise<void>((resolve) => (request[done] = resolve));
      running.add(handled);
      void handled.then(() => running.delete(handled));
    });
    // The handler has answered (onSend), or the answer went out another way (onResponse).
    const finish = (request: FastifyRequest) => request[done]?.();
    app.addHook('onSend', async (request, _reply, payload) => {
      finish(request);
      return payload;
    });
    app.addHook('onResponse', async (request) => finish(request));

    app.addHook('onClose', async () => {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), DRAIN_TIMEOUT_MS)));
      const drained = (async () => {
        while (running.size > 0) await Promise.allSettled([...running]);
        await app.refresher.settled();
        return false as const;
      })();
      const late = await Promise.race([drained, timedOut]);
      clearTimeout(timer);
      if (late) app.log.warn({ requests: running.size }, 'closing with requests still running after the drain time');
    });
  },
  { name: 'drain', dependencies: ['storage', 'upstream'] },
);
