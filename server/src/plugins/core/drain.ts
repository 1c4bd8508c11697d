import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** How long the process may take to close after SIGTERM before close-with-grace ends it (main.ts). */
export const CLOSE_GRACE_MS = 10_000;

/** How long a close waits for the work still running, within CLOSE_GRACE_MS. */
export const DRAIN_TIMEOUT_MS = 8_000;

const counted = Symbol('drain.counted');

declare module 'fastify' {
  interface FastifyRequest {
    [counted]?: boolean;
  }
}

export default fp(
  async (app) => {
    // A count, not a promise per request: these hooks run on every request, the drain only on close.
    let running = 0;
    let idle: (() => void) | null = null;
    // Declared, so that every request object is made with it (set later, it changed the object's shape on every request).
    app.decorateRequest(counted, false);
    app.addHook('onRequest', (request, _reply, next) => {
      request[counted] = true;
      running++;
      next();
    });
    // The handler has answered (onSend), or the answer went out another way (onResponse).
    const finish = (request: FastifyRequest) => {
      if (!request[counted]) return;
      request[counted] = false;
      if (--running === 0) idle?.();
    };
    app.addHook('onSend', (request, _reply, payload, next) => {
      finish(request);
      next(null, payload);
    });
    app.addHook('onResponse', (request, _reply, next) => {
      finish(request);
      next();
    });

    app.addHook('onClose', async () => {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), DRAIN_TIMEOUT_MS)));
      const drained = (async () => {
        if (running > 0) await new Promise<void>((resolve) => (idle = resolve));
        await app.refresher.settled();
        return false as const;
      })();
      const late = await Promise.race([drained, timedOut]);
      clearTimeout(timer);
      if (late) app.log.warn({ requests: running }, 'closing with requests still running after the drain time');
    });
  },
  { name: 'drain', dependencies: ['storage', 'upstream'] },
);
